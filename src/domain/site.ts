// Customer-service configuration in one place. Every number is a fictional
// 555-01xx number and every address an example.org mailbox; a deployment replaces them here.

export const SITE = {
  companyName: 'Clearpath Debt Relief',
  /** The nonprofit credit-counselling partner that runs the plans (fictional). */
  agencyName: 'Harbor Light Credit Counseling',
  /** The id creditors know the agency by in electronic proposals (the batch file's agency_id; fictional). */
  agencyId: 'HLCC-0001',
  foundationName: 'National Foundation for Credit Counseling',
  phone: { display: '(800) 555-0199', tel: '+18005550199' },
  /** The interactive voice response line. */
  ivrPhone: { display: '(800) 555-0142', tel: '+18005550142' },
  /** The functional interactive voice response line (automated account functions). */
  functionalIvrPhone: { display: '(800) 555-0143', tel: '+18005550143' },
  email: 'support@example.org',
  careersEmail: 'careers@example.org',
  helpEmail: 'help@example.org',
  mediaEmail: 'media@example.org',
  socialEmail: 'social@example.org',
  hours: 'Monday - Friday 9AM - 5PM EST',
  schedulingUrl: 'https://example.org/schedule-a-call',
  marketing: {
    home: 'https://example.org/',
  },
  social: {
    facebook: 'https://www.facebook.com/example',
    x: 'https://x.com/example',
    linkedin: 'https://www.linkedin.com/company/example',
    instagram: 'https://www.instagram.com/example',
  },
} as const;

export type Site = typeof SITE;
