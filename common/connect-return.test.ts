import { describe, expect, it } from 'vitest';
import { connectPageFor, draftPublishStep, isAllowedConnectReturn } from './connect-return.ts';

const DRAFT = '0b6c7a52-1d2e-4f3a-9b8c-7d6e5f4a3b2c';

describe('isAllowedConnectReturn (ADR 117)', () => {
  it('accepts exactly the places onboarding is started from', () => {
    for (const target of [
      '/stripe-connect',
      '/manage/stripe-connect',
      '/manage/properties',
      `/manage/properties/${DRAFT}`,
      `/manage/add-property?draft=${DRAFT}`,
      draftPublishStep(DRAFT),
    ]) {
      expect(isAllowedConnectReturn(target), target).toBe(true);
    }
  });

  it('refuses other origins, protocol-relative paths, tricks and other pages', () => {
    for (const target of [
      'https://evil.example/manage/properties',
      '//evil.example/manage/properties',
      '/\\evil.example',
      'javascript:alert(1)',
      '/manage/properties/../../login',
      `/manage/properties/${DRAFT}/../../x`,
      '/manage/properties?next=https://evil.example',
      `/manage/add-property?draft=${DRAFT}&step=publish&next=//evil.example`,
      `/manage/add-property?draft=${DRAFT}#x`,
      '/manage/properties%2F..%2Flogin',
      '/manage/properties\n',
      ' /manage/properties',
      '/login',
      '/',
      '',
    ]) {
      expect(isAllowedConnectReturn(target), JSON.stringify(target)).toBe(false);
    }
  });

  it('builds the onboarding link with an allowed target only', () => {
    expect(connectPageFor('/manage/properties')).toBe('/stripe-connect?return_to=%2Fmanage%2Fproperties');
    expect(connectPageFor('//evil.example')).toBe('/stripe-connect');
    expect(connectPageFor(null, '/manage/stripe-connect')).toBe('/manage/stripe-connect');
  });
});
