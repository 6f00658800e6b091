/**
 * The compliance training course seeded for every period (reference data, in every mode, not
 * only the demo): materials and the questionnaire in English and Khmer, the pass mark and the
 * due date. The module writes it at start for the current period when it is missing
 * (compliance.repository.ts `ensurePeriod`); compliance staff may then change the stored rows.
 */
export const COURSE_PASS_MARK_PERCENT = 80;

/** Month and day (in the period's year) by which everyone must have passed. */
export const COURSE_DUE_MONTH_DAY = '12-31';

export interface ReferenceMaterial {
  sequence: number;
  titleEn: string;
  titleKm: string;
  descriptionEn: string;
  descriptionKm: string;
  bodyEn: string;
  bodyKm: string;
}

export interface ReferenceQuestion {
  questionNumber: number;
  textEn: string;
  textKm: string;
  answers: { answerSequenceNo: number; answerValue: string; descriptionEn: string; descriptionKm: string; correct: boolean }[];
}

export const REFERENCE_MATERIALS: readonly ReferenceMaterial[] = [
  {
    sequence: 1,
    titleEn: 'Anti-money laundering and know your customer',
    titleKm: 'ការប្រឆាំងការសម្អាតប្រាក់ និងការស្គាល់អតិថិជន',
    descriptionEn: 'How to identify customers, keep their documents and report suspicious transactions.',
    descriptionKm: 'របៀបផ្ទៀងផ្ទាត់អត្តសញ្ញាណអតិថិជន រក្សាទុកឯកសារ និងរាយការណ៍ប្រតិបត្តិការគួរឱ្យសង្ស័យ។',
    bodyEn:
      'Every customer must be identified with a valid identity document before a policy is issued.\n\nKeep a copy of the document with the application and check that the name and date of birth match.\n\nA premium paid in cash above the reporting threshold, a third party paying without a clear reason, or a request to cancel soon after paying are warning signs. Report them to the compliance officer the same day and do not tell the customer.',
    bodyKm:
      'អតិថិជនគ្រប់រូបត្រូវតែផ្ទៀងផ្ទាត់អត្តសញ្ញាណជាមួយឯកសារអត្តសញ្ញាណដែលមានសុពលភាព មុនពេលចេញបណ្ណសន្យារ៉ាប់រង។\n\nរក្សាទុកច្បាប់ចម្លងឯកសារជាមួយពាក្យស្នើសុំ ហើយពិនិត្យថាឈ្មោះ និងថ្ងៃខែឆ្នាំកំណើតត្រូវគ្នា។\n\nបុព្វលាភដែលបង់ជាសាច់ប្រាក់លើសកម្រិតរាយការណ៍ ភាគីទីបីបង់ប្រាក់ដោយគ្មានហេតុផលច្បាស់លាស់ ឬការស្នើសុំលុបចោលភ្លាមៗបន្ទាប់ពីបង់ប្រាក់ គឺជាសញ្ញាព្រមាន។ សូមរាយការណ៍ទៅមន្ត្រីអនុលោមភាពនៅថ្ងៃដដែល ហើយកុំប្រាប់អតិថិជន។',
  },
  {
    sequence: 2,
    titleEn: 'Fair selling and the code of conduct',
    titleKm: 'ការលក់ដោយយុត្តិធម៌ និងក្រមសីលធម៌',
    descriptionEn: 'Needs-based advice, clear disclosure of costs and exclusions, and no pressure selling.',
    descriptionKm: 'ការផ្តល់ដំបូន្មានផ្អែកលើតម្រូវការ ការបង្ហាញថ្លៃ និងករណីមិនធានាឱ្យបានច្បាស់ និងគ្មានការលក់ដោយបង្ខិតបង្ខំ។',
    bodyEn:
      "Recommend a product only after you have understood the customer's needs, income and existing cover.\n\nExplain the premium, the term, the exclusions and the free-look period in words the customer understands, in Khmer or English as they prefer.\n\nNever promise returns the policy does not guarantee, never replace an existing policy to the customer's loss, and never sign a document for a customer.",
    bodyKm:
      'ណែនាំផលិតផលតែបន្ទាប់ពីអ្នកបានយល់ពីតម្រូវការ ប្រាក់ចំណូល និងការធានារ៉ាប់រងដែលអតិថិជនមានស្រាប់។\n\nពន្យល់ពីបុព្វលាភ រយៈពេល ករណីមិនធានា និងរយៈពេលពិនិត្យដោយឥតគិតថ្លៃ ជាពាក្យដែលអតិថិជនយល់ ជាភាសាខ្មែរ ឬអង់គ្លេសតាមការពេញចិត្តរបស់គេ។\n\nកុំសន្យាផលចំណេញដែលបណ្ណសន្យារ៉ាប់រងមិនធានា កុំជំនួសបណ្ណសន្យារ៉ាប់រងដែលមានស្រាប់ដែលធ្វើឱ្យអតិថិជនខាតបង់ ហើយកុំចុះហត្ថលេខាលើឯកសារជំនួសអតិថិជន។',
  },
  {
    sequence: 3,
    titleEn: 'Customer data protection and complaints',
    titleKm: 'ការការពារទិន្នន័យអតិថិជន និងបណ្តឹងតវ៉ា',
    descriptionEn: 'Keeping personal and health data confidential, and handling a complaint.',
    descriptionKm: 'ការរក្សាការសម្ងាត់ទិន្នន័យផ្ទាល់ខ្លួន និងទិន្នន័យសុខភាព និងការដោះស្រាយបណ្តឹងតវ៉ា។',
    bodyEn:
      'Personal and health data may be used only to advise the customer and to process their policy.\n\nDo not send customer documents through personal chat accounts; use the portal. Lock your phone and never share your password or one-time codes.\n\nWhen a customer complains, record it, tell them how long an answer will take, and pass it to customer service the same day.',
    bodyKm:
      'ទិន្នន័យផ្ទាល់ខ្លួន និងទិន្នន័យសុខភាព អាចប្រើបានតែសម្រាប់ផ្តល់ដំបូន្មានដល់អតិថិជន និងដំណើរការបណ្ណសន្យារ៉ាប់រងរបស់គេប៉ុណ្ណោះ។\n\nកុំផ្ញើឯកសាររបស់អតិថិជនតាមគណនីជជែកផ្ទាល់ខ្លួន សូមប្រើវិបផតថល។ ចាក់សោទូរស័ព្ទរបស់អ្នក ហើយកុំប្រាប់ពាក្យសម្ងាត់ ឬលេខកូដប្រើតែម្តងដល់អ្នកណាម្នាក់។\n\nនៅពេលអតិថិជនតវ៉ា សូមកត់ត្រាទុក ប្រាប់គេថាត្រូវចំណាយពេលប៉ុន្មានដើម្បីឆ្លើយតប ហើយបញ្ជូនទៅផ្នែកសេវាអតិថិជននៅថ្ងៃដដែល។',
  },
];

const choice = (answerSequenceNo: number, descriptionEn: string, descriptionKm: string, correct = false) => ({
  answerSequenceNo,
  answerValue: String.fromCharCode(64 + answerSequenceNo),
  descriptionEn,
  descriptionKm,
  correct,
});

export const REFERENCE_QUESTIONS: readonly ReferenceQuestion[] = [
  {
    questionNumber: 1,
    textEn: "When must a customer's identity be checked?",
    textKm: 'តើត្រូវផ្ទៀងផ្ទាត់អត្តសញ្ញាណអតិថិជននៅពេលណា?',
    answers: [
      choice(1, 'Before the policy is issued', 'មុនពេលចេញបណ្ណសន្យារ៉ាប់រង', true),
      choice(2, 'Only when a claim is made', 'តែនៅពេលទាមទារសំណងប៉ុណ្ណោះ'),
      choice(3, 'Only for premiums above $10,000', 'តែសម្រាប់បុព្វលាភលើសពី ១០ ០០០ ដុល្លារប៉ុណ្ណោះ'),
      choice(4, 'Never, the insurer does it', 'មិនចាំបាច់ទេ ក្រុមហ៊ុនធានារ៉ាប់រងធ្វើវា'),
    ],
  },
  {
    questionNumber: 2,
    textEn: 'A customer asks you to cancel a large single premium a week after paying it in cash. What do you do?',
    textKm: 'អតិថិជនម្នាក់ស្នើឱ្យលុបចោលបុព្វលាភបង់តែម្តងដ៏ធំមួយ មួយសប្តាហ៍បន្ទាប់ពីបានបង់ជាសាច់ប្រាក់។ តើអ្នកធ្វើអ្វី?',
    answers: [
      choice(1, 'Refund the cash to them yourself', 'សងសាច់ប្រាក់ទៅគេដោយខ្លួនឯង'),
      choice(2, 'Report it to the compliance officer without telling the customer', 'រាយការណ៍ទៅមន្ត្រីអនុលោមភាព ដោយមិនប្រាប់អតិថិជន', true),
      choice(3, 'Tell the customer it looks suspicious', 'ប្រាប់អតិថិជនថាវាគួរឱ្យសង្ស័យ'),
      choice(4, 'Ignore it', 'មិនអើពើ'),
    ],
  },
  {
    questionNumber: 3,
    textEn: 'Which of these is fair selling?',
    textKm: 'តើមួយណាជាការលក់ដោយយុត្តិធម៌?',
    answers: [
      choice(1, 'Promising a return the policy does not guarantee', 'សន្យាផលចំណេញដែលបណ្ណសន្យារ៉ាប់រងមិនធានា'),
      choice(2, 'Signing the application for a busy customer', 'ចុះហត្ថលេខាលើពាក្យស្នើសុំជំនួសអតិថិជនដែលរវល់'),
      choice(3, 'Explaining the exclusions and the free-look period', 'ពន្យល់ពីករណីមិនធានា និងរយៈពេលពិនិត្យដោយឥតគិតថ្លៃ', true),
      choice(4, 'Replacing an existing policy to earn a new commission', 'ជំនួសបណ្ណសន្យារ៉ាប់រងដែលមានស្រាប់ ដើម្បីទទួលកម្រៃជើងសារថ្មី'),
    ],
  },
  {
    questionNumber: 4,
    textEn: "How should you send a customer's ID card copy to the office?",
    textKm: 'តើអ្នកគួរផ្ញើច្បាប់ចម្លងអត្តសញ្ញាណប័ណ្ណរបស់អតិថិជនទៅការិយាល័យដោយរបៀបណា?',
    answers: [
      choice(1, 'Through a personal chat account', 'តាមគណនីជជែកផ្ទាល់ខ្លួន'),
      choice(2, 'By uploading it in the portal', 'ដោយផ្ទុកឡើងក្នុងវិបផតថល', true),
      choice(3, 'By e-mail from a personal address', 'តាមអ៊ីមែលពីអាសយដ្ឋានផ្ទាល់ខ្លួន'),
      choice(4, 'By posting it in a team group', 'ដោយបង្ហោះក្នុងក្រុមការងារ'),
    ],
  },
  {
    questionNumber: 5,
    textEn: 'A customer complains about a delayed claim. What is the first step?',
    textKm: 'អតិថិជនម្នាក់តវ៉ាអំពីការទាមទារសំណងដែលយឺតយ៉ាវ។ តើជំហានដំបូងគឺអ្វី?',
    answers: [
      choice(1, 'Record the complaint and pass it to customer service the same day', 'កត់ត្រាបណ្តឹងតវ៉ា ហើយបញ្ជូនទៅផ្នែកសេវាអតិថិជននៅថ្ងៃដដែល', true),
      choice(2, 'Tell them to call back next month', 'ប្រាប់គេឱ្យទូរស័ព្ទមកវិញនៅខែក្រោយ'),
      choice(3, 'Promise the claim will be paid', 'សន្យាថាសំណងនឹងត្រូវបានបង់'),
      choice(4, 'Ask them to withdraw the complaint', 'ស្នើឱ្យគេដកបណ្តឹងតវ៉ាវិញ'),
    ],
  },
  {
    questionNumber: 6,
    textEn: 'A customer cannot read the application form. What do you do?',
    textKm: 'អតិថិជនម្នាក់មិនអាចអានទម្រង់ពាក្យស្នើសុំបានទេ។ តើអ្នកធ្វើអ្វី?',
    answers: [
      choice(1, 'Fill it in and sign it for them', 'បំពេញ ហើយចុះហត្ថលេខាជំនួសគេ'),
      choice(2, 'Skip the health questions', 'រំលងសំណួរសុខភាព'),
      choice(3, 'Ask them to sign a blank form', 'ស្នើឱ្យគេចុះហត្ថលេខាលើទម្រង់ទទេ'),
      choice(
        4,
        'Read every question aloud and record their own answers with a witness',
        'អានសំណួរនីមួយៗឱ្យឮ ហើយកត់ត្រាចម្លើយរបស់គេផ្ទាល់ ដោយមានសាក្សី',
        true,
      ),
    ],
  },
  {
    questionNumber: 7,
    textEn: "Who may see a customer's medical answers?",
    textKm: 'តើនរណាអាចមើលចម្លើយវេជ្ជសាស្ត្ររបស់អតិថិជនបាន?',
    answers: [
      choice(1, 'Any advisor of the agency', 'ទីប្រឹក្សាណាម្នាក់នៃភ្នាក់ងារ'),
      choice(2, "The customer's family", 'គ្រួសាររបស់អតិថិជន'),
      choice(
        3,
        'Only the people who need them to underwrite or serve the policy',
        'តែអ្នកដែលត្រូវការវាដើម្បីវាយតម្លៃហានិភ័យ ឬបម្រើបណ្ណសន្យារ៉ាប់រងប៉ុណ្ណោះ',
        true,
      ),
      choice(4, 'Anyone who asks politely', 'អ្នកណាក៏ដោយដែលសួរដោយគួរសម'),
    ],
  },
  {
    questionNumber: 8,
    textEn: 'A customer offers you a gift to speed up their application. What do you do?',
    textKm: 'អតិថិជនម្នាក់ផ្តល់អំណោយដល់អ្នក ដើម្បីពន្លឿនពាក្យស្នើសុំរបស់គេ។ តើអ្នកធ្វើអ្វី?',
    answers: [
      choice(1, 'Accept it if it is small', 'ទទួលយក ប្រសិនបើវាតូច'),
      choice(2, 'Accept it and share it with the team', 'ទទួលយក ហើយចែករំលែកជាមួយក្រុម'),
      choice(3, 'Accept it after the policy is issued', 'ទទួលយកបន្ទាប់ពីចេញបណ្ណសន្យារ៉ាប់រង'),
      choice(4, 'Refuse it politely and tell the compliance officer', 'បដិសេធដោយគួរសម ហើយប្រាប់មន្ត្រីអនុលោមភាព', true),
    ],
  },
  {
    questionNumber: 9,
    textEn: 'When may you tell a customer about the free-look period?',
    textKm: 'តើអ្នកអាចប្រាប់អតិថិជនអំពីរយៈពេលពិនិត្យដោយឥតគិតថ្លៃនៅពេលណា?',
    answers: [
      choice(1, 'Only if they ask', 'តែនៅពេលគេសួរប៉ុណ្ណោះ'),
      choice(2, 'Never, it lowers sales', 'មិនដែលទេ វាធ្វើឱ្យការលក់ធ្លាក់ចុះ'),
      choice(3, 'Always, before they sign and when the policy is delivered', 'ជានិច្ច មុនពេលគេចុះហត្ថលេខា និងនៅពេលប្រគល់បណ្ណសន្យារ៉ាប់រង', true),
      choice(4, 'After the free-look period ends', 'បន្ទាប់ពីរយៈពេលពិនិត្យដោយឥតគិតថ្លៃបានបញ្ចប់'),
    ],
  },
  {
    questionNumber: 10,
    textEn: 'You lost a phone with customer data on it. What is the first step?',
    textKm: 'អ្នកបានបាត់ទូរស័ព្ទដែលមានទិន្នន័យអតិថិជន។ តើជំហានដំបូងគឺអ្វី?',
    answers: [
      choice(1, 'Report it to the agency the same day', 'រាយការណ៍ទៅភ្នាក់ងារនៅថ្ងៃដដែល', true),
      choice(2, 'Wait a week in case it is found', 'រង់ចាំមួយសប្តាហ៍ ក្រែងលោរកឃើញ'),
      choice(3, 'Buy a new phone and say nothing', 'ទិញទូរស័ព្ទថ្មី ហើយមិននិយាយអ្វីទាំងអស់'),
      choice(4, 'Tell only your customers', 'ប្រាប់តែអតិថិជនរបស់អ្នកប៉ុណ្ណោះ'),
    ],
  },
  {
    questionNumber: 11,
    textEn: 'Which premium payment may you accept?',
    textKm: 'តើការបង់បុព្វលាភមួយណាដែលអ្នកអាចទទួលយកបាន?',
    answers: [
      choice(1, 'Cash into your own bank account', 'សាច់ប្រាក់ចូលគណនីធនាគារផ្ទាល់ខ្លួនរបស់អ្នក'),
      choice(
        2,
        "A KHQR payment to the insurer's account, with the proposal's reference",
        'ការបង់តាម KHQR ទៅគណនីរបស់ក្រុមហ៊ុនធានារ៉ាប់រង ជាមួយលេខយោងនៃសំណើ',
        true,
      ),
      choice(3, 'A transfer to a colleague who will pass it on', 'ការផ្ទេរទៅសហការីដែលនឹងបញ្ជូនបន្ត'),
      choice(4, 'Goods instead of money', 'ទំនិញជំនួសឱ្យប្រាក់'),
    ],
  },
  {
    questionNumber: 12,
    textEn: 'A customer wants a policy their income cannot pay for. What do you do?',
    textKm: 'អតិថិជនម្នាក់ចង់បានបណ្ណសន្យារ៉ាប់រងដែលប្រាក់ចំណូលរបស់គេមិនអាចបង់បាន។ តើអ្នកធ្វើអ្វី?',
    answers: [
      choice(1, 'Sell it: it is their choice', 'លក់ឱ្យគេ៖ វាជាជម្រើសរបស់គេ'),
      choice(2, 'Write a higher income on the form', 'សរសេរប្រាក់ចំណូលខ្ពស់ជាងនៅលើទម្រង់'),
      choice(3, 'Sell it and lower the premium later', 'លក់ឱ្យគេ ហើយបន្ថយបុព្វលាភនៅពេលក្រោយ'),
      choice(4, 'Explain why it does not suit them and offer an affordable plan', 'ពន្យល់ពីមូលហេតុដែលវាមិនសមនឹងគេ ហើយផ្តល់គម្រោងដែលគេអាចបង់បាន', true),
    ],
  },
];
