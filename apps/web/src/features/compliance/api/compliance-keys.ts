export const complianceKeys = {
  all: ['compliance'] as const,
  materials: (lang: string) => ['compliance', 'materials', lang] as const,
  questions: (lang: string) => ['compliance', 'questions', lang] as const,
  completions: () => ['compliance', 'completions'] as const,
};
