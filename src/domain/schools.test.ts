import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSchoolSchema,
  domainOfAddress,
  isValidDomain,
  SCHOOL_LIMITS,
  schoolAddressSchema,
  schoolDomainSchema,
  splitDomains,
  verifiedStudentLabel,
} from './schools';

describe('school domains', () => {
  it('accepts domains as DNS writes them, lower-cased, with a leading @ dropped', () => {
    for (const d of ['school.edu', 'students.hillside-high.org', 'x.co.uk', 'ecole.xn--p1ai']) {
      expect(isValidDomain(d), d).toBe(true);
    }
    expect(schoolDomainSchema.parse(' @Hillside.EDU ')).toBe('hillside.edu');
  });

  it('refuses what is not a domain', () => {
    for (const d of ['school', '-school.edu', 'school-.edu', 'sch ool.edu', 'school..edu', 'school.e', 'a@b.edu', '']) {
      expect(schoolDomainSchema.safeParse(d).success, d).toBe(false);
    }
    expect(isValidDomain(`${'a'.repeat(64)}.edu`)).toBe(false);
    expect(schoolDomainSchema.safeParse(`${'a.'.repeat(130)}edu`).success).toBe(false);
  });

  it('a valid domain is always lower-case and bounded', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        const parsed = schoolDomainSchema.safeParse(domain);
        if (parsed.success) {
          expect(parsed.data).toBe(parsed.data.toLowerCase());
          expect(parsed.data.length).toBeLessThanOrEqual(SCHOOL_LIMITS.domainMax);
        }
      }),
    );
  });

  it('a school has a bounded name and one to ten distinct domains', () => {
    expect(createSchoolSchema.safeParse({ name: 'Hillside', domains: ['hs.edu'] }).success).toBe(true);
    expect(createSchoolSchema.safeParse({ name: ' ', domains: ['hs.edu'] }).success).toBe(false);
    expect(createSchoolSchema.safeParse({ name: 'x'.repeat(101), domains: ['hs.edu'] }).success).toBe(false);
    expect(createSchoolSchema.safeParse({ name: 'Hillside', domains: [] }).success).toBe(false);
    expect(createSchoolSchema.safeParse({ name: 'Hillside', domains: ['hs.edu', 'HS.edu'] }).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => `d${i}.edu`);
    expect(createSchoolSchema.safeParse({ name: 'Hillside', domains: eleven }).success).toBe(false);
  });

  it('the admin form splits domains on commas and spaces', () => {
    expect(splitDomains(' a.edu, b.edu\nc.edu ;; ')).toEqual(['a.edu', 'b.edu', 'c.edu']);
  });
});

describe('school addresses', () => {
  it('are judged by the domain after the last @, lower-cased', () => {
    expect(schoolAddressSchema.parse({ address: ' Kid@Hillside.EDU ' })).toEqual({ address: 'kid@hillside.edu' });
    expect(domainOfAddress('kid@hillside.edu')).toBe('hillside.edu');
    expect(schoolAddressSchema.safeParse({ address: 'not an address' }).success).toBe(false);
    expect(schoolAddressSchema.safeParse({ address: `${'a'.repeat(250)}@x.edu` }).success).toBe(false);
  });

  it('the mark reads Verified student · {school}', () => {
    expect(verifiedStudentLabel('Hillside High')).toBe('Verified student · Hillside High');
  });
});
