/**
 * Realistic-looking contacts and activities for the volume generator (seed-volume.ts): Cambodian
 * names in Latin and Khmer script, Cambodian mobile numbers, ID numbers of every type, dates of
 * birth for ages 18-75 and activities around today. Deterministic for a given seed.
 */
import type { ActivityType, DayType } from '@portal/domain/codes/activity-types';
import { ACTIVITY_TYPES } from '@portal/domain/codes/activity-types';
import type { ContactType, Gender } from '@portal/domain/codes/client';
import type { IdentificationType } from '@portal/domain/codes/identification-types';

type Name = readonly [latin: string, khmer: string];

const FAMILY_NAMES: readonly Name[] = [
  ['Chan', 'ចាន់'],
  ['Sok', 'សុខ'],
  ['Keo', 'កែវ'],
  ['Lim', 'លឹម'],
  ['Meas', 'មាស'],
  ['Heng', 'ហេង'],
  ['Ouk', 'អ៊ុក'],
  ['Seng', 'សេង'],
  ['Chea', 'ជា'],
  ['Kim', 'គីម'],
  ['Ly', 'លី'],
  ['Nguon', 'ងួន'],
  ['Pich', 'ពេជ្រ'],
  ['Prak', 'ប្រាក់'],
  ['Hun', 'ហ៊ុន'],
  ['Sim', 'ស៊ីម'],
  ['Tep', 'ទេព'],
  ['Touch', 'ទូច'],
  ['Yim', 'យឹម'],
  ['Mao', 'ម៉ៅ'],
  ['Khiev', 'ខៀវ'],
  ['Long', 'ឡុង'],
  ['Phan', 'ផាន'],
  ['Sar', 'សារ'],
  ['Som', 'សំ'],
  ['Nhem', 'ញឹម'],
  ['Chhim', 'ឈឹម'],
  ['Hak', 'ហាក់'],
  ['Vong', 'វង្ស'],
  ['Tan', 'តាន់'],
  ['Ros', 'រស់'],
  ['Un', 'អ៊ុន'],
  ['Eng', 'អេង'],
  ['Kong', 'គង់'],
  ['Mok', 'ម៉ុក'],
];

const MALE_NAMES: readonly Name[] = [
  ['Sokha', 'សុខា'],
  ['Dara', 'ដារា'],
  ['Vannak', 'វណ្ណៈ'],
  ['Rithy', 'រិទ្ធី'],
  ['Visal', 'វិសាល'],
  ['Piseth', 'ពិសិដ្ឋ'],
  ['Sophal', 'សុផល'],
  ['Bunthoeun', 'ប៊ុនធឿន'],
  ['Kosal', 'កុសល'],
  ['Sambath', 'សម្បត្តិ'],
  ['Vuthy', 'វុទ្ធី'],
  ['Makara', 'មករា'],
  ['Sovann', 'សុវណ្ណ'],
  ['Rotha', 'រដ្ឋា'],
  ['Samnang', 'សំណាង'],
  ['Veasna', 'វាសនា'],
  ['Kimhong', 'គីមហុង'],
  ['Chamroeun', 'ចំរើន'],
  ['Sothy', 'សុធី'],
  ['Narith', 'ណារិទ្ធ'],
  ['Bora', 'បូរ៉ា'],
  ['Vichet', 'វិចិត្រ'],
];

const FEMALE_NAMES: readonly Name[] = [
  ['Sreymom', 'ស្រីមុំ'],
  ['Bopha', 'បុប្ផា'],
  ['Chenda', 'ចិន្តា'],
  ['Sophea', 'សុភា'],
  ['Dalin', 'ដាលីន'],
  ['Sreyneang', 'ស្រីនាង'],
  ['Malis', 'ម្លិះ'],
  ['Srey Pov', 'ស្រីពៅ'],
  ['Kunthea', 'គន្ធា'],
  ['Leakhena', 'លក្ខិណា'],
  ['Rachana', 'រចនា'],
  ['Sokunthea', 'សុគន្ធា'],
  ['Nary', 'នារី'],
  ['Thida', 'ធីតា'],
  ['Vanna', 'វណ្ណា'],
  ['Pisey', 'ពិសី'],
  ['Sothea', 'សុធា'],
  ['Raksmey', 'រស្មី'],
  ['Phalla', 'ផល្លា'],
  ['Sreyleak', 'ស្រីល័ក្ខ'],
  ['Channy', 'ចាន់នី'],
];

const MOBILE_PREFIXES = [
  '10',
  '11',
  '12',
  '15',
  '16',
  '17',
  '31',
  '60',
  '61',
  '66',
  '67',
  '68',
  '69',
  '70',
  '71',
  '76',
  '77',
  '78',
  '81',
  '85',
  '86',
  '87',
  '88',
  '89',
  '90',
  '92',
  '93',
  '95',
  '96',
  '97',
  '98',
  '99',
];
const OCCUPATIONS = [
  'Teacher',
  'Farmer',
  'Nurse',
  'Shop owner',
  'Driver',
  'Engineer',
  'Accountant',
  'Civil servant',
  'Garment worker',
  'Student',
  'Doctor',
  'Tuk tuk driver',
  'Banker',
  'Chef',
];
const PROVINCES = [
  'Phnom Penh',
  'Siem Reap',
  'Battambang',
  'Kampong Cham',
  'Kandal',
  'Takeo',
  'Kampot',
  'Preah Sihanouk',
  'Prey Veng',
  'Svay Rieng',
];
const NOTES = [
  'Introduced the education plan',
  'Wants a quote for family protection',
  'Call back after payday',
  'Discussed medical cash rider',
  'Asked about savings products',
  '',
];

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class VolumeData {
  constructor(private readonly random: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i += 1) out += String(this.int(0, 9));
    return out;
  }

  contact(now: Date): GeneratedContact {
    const gender: Gender = this.random() < 0.5 ? 'M' : 'F';
    const [firstName, firstNameKh] = this.pick(gender === 'M' ? MALE_NAMES : FEMALE_NAMES);
    const [lastName, lastNameKh] = this.pick(FAMILY_NAMES);
    const withKhmer = this.random() < 0.85;
    const idRoll = this.random();
    let idType: IdentificationType | null = null;
    let idNumber: string | null = null;
    if (idRoll < 0.55) [idType, idNumber] = ['1', `0${this.digits(8)}`];
    else if (idRoll < 0.7) [idType, idNumber] = ['2', `N${this.digits(8)}`];
    else if (idRoll < 0.75) [idType, idNumber] = ['4', `K${this.digits(8)}`];
    else if (idRoll < 0.85) [idType, idNumber] = ['6', `${this.int(1, 999)}/${this.int(1, 9999)}/${this.int(1990, 2010)}`];
    const year = now.getUTCFullYear() - this.int(18, 75);
    const dateOfBirth = `${year}-${String(this.int(1, 12)).padStart(2, '0')}-${String(this.int(1, 28)).padStart(2, '0')}`;
    const modifiedDate = new Date(now.getTime() - this.int(0, 730 * 24 * 3600) * 1000 - this.int(0, 999));
    const createdDate = new Date(modifiedDate.getTime() - this.int(0, 90 * 24 * 3600) * 1000);
    return {
      contactType: (this.random() < 0.6 ? 'lifeInsured' : 'policyOwner') as ContactType,
      firstName,
      lastName,
      firstNameKh: withKhmer ? firstNameKh : null,
      lastNameKh: withKhmer ? lastNameKh : null,
      gender,
      dateOfBirth,
      phone: `+855${this.pick(MOBILE_PREFIXES)}${this.digits(this.random() < 0.6 ? 6 : 7)}`,
      email:
        this.random() < 0.4
          ? `${firstName.toLowerCase().replace(/ /g, '')}.${lastName.toLowerCase()}${this.int(1, 999)}@example.com`
          : null,
      idType,
      idNumber,
      occupation: this.random() < 0.7 ? this.pick(OCCUPATIONS) : null,
      address: this.random() < 0.6 ? `No. ${this.int(1, 300)}, Street ${this.int(1, 600)}, ${this.pick(PROVINCES)}` : null,
      createdDate,
      modifiedDate,
    };
  }

  activity(now: Date): GeneratedActivity {
    const dayType: DayType = this.random() < 0.25 ? 'allDay' : 'timed';
    const day = Math.floor(now.getTime() / 86_400_000) + this.int(-180, 60);
    // Phnom Penh is UTC+7: 00:00 local is 17:00 UTC the day before.
    const startOfDay = day * 86_400_000 - 7 * 3_600_000;
    const start = dayType === 'allDay' ? startOfDay : startOfDay + this.int(8, 17) * 3_600_000 + this.pick([0, 30]) * 60_000;
    const end = dayType === 'allDay' ? start : start + this.pick([30, 60, 90]) * 60_000;
    const notes = this.pick(NOTES);
    return {
      activityType: this.pick<ActivityType>(ACTIVITY_TYPES),
      dayType,
      startDate: new Date(start),
      endDate: new Date(end),
      notes: notes === '' ? null : notes,
    };
  }
}

export interface GeneratedContact {
  contactType: ContactType;
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
  gender: Gender;
  dateOfBirth: string;
  phone: string;
  email: string | null;
  idType: IdentificationType | null;
  idNumber: string | null;
  occupation: string | null;
  address: string | null;
  createdDate: Date;
  modifiedDate: Date;
}

export interface GeneratedActivity {
  activityType: ActivityType;
  dayType: DayType;
  startDate: Date;
  endDate: Date;
  notes: string | null;
}
