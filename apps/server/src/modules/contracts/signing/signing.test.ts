import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@foliojs-fork/fontkit';
import type { PDFRef } from 'pdf-lib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/database';
import { emptyDatabase } from '../../../test/empty-database';
import {
  contractKeyring,
  contractKeysMigration,
  createContractKeys,
  sealWithCompletion,
  signAsCompany,
  verifyContractPdf,
  writeFileAtomic,
} from './index';
import type { ContractKeys, VerificationReport } from './index';
import { openIncrementalUpdate } from './incremental';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

/** A one-page PDF in Chinese, as pdf-lib makes it (object streams, a subset of the CJK font). */
async function chinesePdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fs.readFileSync(FONT), { subset: true });
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 24, size: 14, font }));
  return doc.save();
}

/**
 * pdfsig's verdicts, one per signature, against an NSS database trusting the platform's CA. (Its
 * -no-ocsp makes this pdfsig call every certificate "unknown issue"; the certificates name no OCSP
 * responder, so nothing is asked over the network without it.)
 */
function pdfsig(nssdir: string, file: string): { signers: string[]; valid: boolean[]; trusted: boolean[]; output: string } {
  const run = spawnSync('pdfsig', ['-nssdir', `sql:${nssdir}`, file], { encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const blocks = output.split(/^Signature #\d+:$/m).slice(1);
  return {
    signers: blocks.map((b) => /Signer Certificate Common Name: (.*)/.exec(b)?.[1] ?? ''),
    valid: blocks.map((b) => /Signature Validation: Signature is Valid\./.test(b)),
    trusted: blocks.map((b) => /Certificate Validation: Certificate is Trusted\./.test(b)),
    output,
  };
}

/** Five RSA keys are generated and pdfsig runs several times: on a busy machine this takes a while. */
const SLOW = 90_000;

function flip(bytes: Uint8Array, at: number, to: (byte: number) => number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[at] = to(copy[at]!);
  return copy;
}

describe(`contract signatures (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  const closers: (() => Promise<void>)[] = [];
  let database: DbHandle;
  let dir: string;
  let keys: ContractKeys;
  const start = new Date(); // pdfsig checks certificates at the real time: the clock starts there
  let clock = start;
  /** The contract both companies signed, and pdfsig's NSS database trusting the platform's CA. */
  let twice: Uint8Array;
  let nssdir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-signing-'));
    database = await emptyDatabase(closers);
    await contractKeysMigration(database.dialect).up(database.db as unknown as Kysely<unknown>);
    const keyring = contractKeyring({ CONTRACT_KEY: '', CONTRACT_KEY_FILE: '', DATA_DIR: dir });
    keys = createContractKeys({ db: database.db, keyring, now: () => clock });
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'signs a Chinese contract by two companies and seals it; pdfsig and our verifier find three valid signatures and any changed byte',
    async () => {
      const contract = await chinesePdf([
        '购销合同 第 2026-001 号',
        '甲方：华北钢铁有限公司',
        '乙方：江南贸易股份有限公司',
        '货物：螺纹钢 500 吨，单价 3,850.00 元',
      ]);
      const buyer = { companyId: 11, companyName: '华北钢铁有限公司', creditCode: '91110000100000000A', userName: '张伟' };
      const seller = { companyId: 12, companyName: '江南贸易股份有限公司', userName: '李娜' };
      const once = await signAsCompany(keys, contract, buyer, { reason: '同意合同条款', location: '北京', at: clock });
      // Incremental: every earlier byte stays as it was.
      expect(Buffer.compare(Buffer.from(once.subarray(0, contract.length)), Buffer.from(contract))).toBe(0);
      clock = new Date(start.getTime() + 60_000);
      twice = await signAsCompany(keys, once, seller, { reason: '同意合同条款', at: clock });
      await expect(sealWithCompletion(keys, once, await chinesePdf(['完成证明']), clock)).rejects.toThrow(/both parties/);
      clock = new Date(start.getTime() + 120_000);
      const sealed = await sealWithCompletion(keys, twice, await chinesePdf(['合同完成证明', '双方已于平台签署本合同']), clock);
      expect(Buffer.compare(Buffer.from(sealed.subarray(0, twice.length)), Buffer.from(twice))).toBe(0);
      expect((await PDFDocument.load(sealed)).getPageCount()).toBe(2);

      const ours = await verifyContractPdf(keys, sealed);
      expect(ours.problems).toEqual([]);
      expect(ours.unchangedSinceLastSignature).toBe(true);
      expect(
        ours.signatures.map((s) => [s.signer, s.organisation, s.role, s.valid, s.certificateIssuedByPlatform, s.coversWholeDocument]),
      ).toEqual([
        ['张伟', '华北钢铁有限公司', 'company', true, true, false],
        ['李娜', '江南贸易股份有限公司', 'company', true, true, false],
        ['Commodity Portal Contract Seal', 'Commodity Portal', 'platform-seal', true, true, true],
      ]);
      expect(ours.signatures[2]!.timestamp).toBe(clock.toISOString());

      // The independent verifier, trusting only the platform's CA.
      nssdir = path.join(dir, 'nss');
      fs.mkdirSync(nssdir);
      const caFile = path.join(dir, 'ca.pem');
      fs.writeFileSync(caFile, (await keys.caCertificates())[0]!.toString());
      execFileSync('certutil', ['-N', '-d', `sql:${nssdir}`, '--empty-password']);
      execFileSync('certutil', ['-A', '-d', `sql:${nssdir}`, '-n', 'platform-contract-ca', '-t', 'CT,C,C', '-i', caFile]);
      const file = path.join(dir, 'sealed.pdf');
      await writeFileAtomic(file, sealed);
      const independent = pdfsig(nssdir, file);
      expect(independent.signers, independent.output).toEqual([
        '华北钢铁有限公司',
        '江南贸易股份有限公司',
        'Commodity Portal Contract Seal',
      ]);
      expect(independent.valid, independent.output).toEqual([true, true, true]);
      expect(independent.trusted, independent.output).toEqual([true, true, true]);
      expect(independent.output).not.toMatch(/error/i);

      // One byte of the contract's text (its page content stream) changed: every signature breaks.
      const doc = await PDFDocument.load(contract);
      const contentRef = doc.getPages()[0]!.node.get(PDFName.of('Contents')) as PDFRef;
      const objectAt = Buffer.from(sealed).indexOf(`\n${contentRef.objectNumber} 0 obj`);
      const streamAt = Buffer.from(sealed).indexOf('stream', objectAt) + 'stream\n'.length + 5;
      const textChanged = flip(sealed, streamAt, (b) => b ^ 0x01);
      fs.writeFileSync(file, textChanged);
      expect(pdfsig(nssdir, file).valid).toEqual([false, false, false]);
      const afterText = await verifyContractPdf(keys, textChanged);
      expect(afterText.signatures.map((s) => s.valid)).toEqual([false, false, false]);
      expect(afterText.problems.join('\n')).toMatch(/content was changed after signing/);

      // One hex digit of the seal's signature value changed: the seal, and only it, breaks.
      const sealChanged = flip(sealed, signatureValueAt(sealed, 'last'), (b) => (b === 0x30 ? 0x31 : 0x30));
      fs.writeFileSync(file, sealChanged);
      expect(pdfsig(nssdir, file).valid).toEqual([true, true, false]);
      const afterSeal = await verifyContractPdf(keys, sealChanged);
      expect(afterSeal.signatures.map((s) => s.valid)).toEqual([true, true, false]);
      expect(afterSeal.problems).toEqual([
        'signature platform-seal (Commodity Portal Contract Seal): the signature value does not match (the signature was changed or made with another key)',
        'signature platform-seal (Commodity Portal Contract Seal): its timestamp is over another signature',
      ]);
      // The same in the first company's signature: the later signatures cover it, so all break.
      const firstChanged = flip(sealed, signatureValueAt(sealed, 'first'), (b) => (b === 0x30 ? 0x31 : 0x30));
      fs.writeFileSync(file, firstChanged);
      expect(pdfsig(nssdir, file).valid).toEqual([false, false, false]);
      const afterFirst = await verifyContractPdf(keys, firstChanged);
      expect(afterFirst.signatures.map((s) => s.valid)).toEqual([false, false, false]);
      expect(afterFirst.problems[0]).toMatch(/company-1 .*signature value does not match/);

      // Anything appended after the seal is reported, though every signature itself still holds.
      const appended = Buffer.concat([sealed, Buffer.from('\n% changed\n')]);
      const afterAppend: VerificationReport = await verifyContractPdf(keys, appended);
      expect([afterAppend.unchangedSinceLastSignature, afterAppend.signatures.every((s) => s.valid)]).toEqual([false, true]);
      expect(afterAppend.problems).toEqual(['the file was changed after its last signature (11 bytes follow it)']);
    },
    SLOW,
  );

  it('reports content changed by an update after a signature, which pdfsig does not see, and signs and seals nothing over it', async () => {
    // Whoever can append to the file draws on the signed page in a new update.
    const update = await openIncrementalUpdate(twice);
    const font = await update.doc.embedFont(StandardFonts.Helvetica);
    update.doc.getPages()[0]!.drawText('PAID IN FULL', { x: 50, y: 600, size: 30, font });
    const drawnOn = update.finish().bytes;
    const file = path.join(dir, 'drawn-on.pdf');
    fs.writeFileSync(file, drawnOn);
    expect(pdfsig(nssdir, file).valid).toEqual([true, true]);
    const report = await verifyContractPdf(keys, drawnOn);
    expect(report.signatures.map((s) => s.valid)).toEqual([true, true]);
    expect(report.unchangedSinceLastSignature).toBe(false);
    expect(report.problems.filter((p) => p.startsWith('after signature company-1 (张伟): object'))).toEqual([
      expect.stringMatching(/^after signature company-1 \(张伟\): object \d+ \(\/Page\) was changed after it was signed$/),
    ]);
    await expect(
      signAsCompany(keys, drawnOn, { companyId: 13, companyName: '第三方', userName: '王五' }, { reason: '同意', at: clock }),
    ).rejects.toThrow(/does not verify/);
    await expect(sealWithCompletion(keys, drawnOn, await chinesePdf(['完成']), clock)).rejects.toThrow(/does not verify/);
  });

  it('keeps company keys sealed under a key outside the database, and writes files whole or not at all', async () => {
    const rows = await database.db
      .selectFrom('contract_company_keys' as never)
      .selectAll()
      .execute();
    expect(rows.length).toBe(2);
    const row = rows[0] as { key_id: string; sealed_key: string; serial: string; certificate_pem: string };
    expect(row.sealed_key).not.toMatch(/PRIVATE KEY/);
    const keyFile = path.join(dir, 'contract.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    // Without the key file (another, new one in its place) the stored key does not open.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-other-'));
    const otherKeyring = contractKeyring({ CONTRACT_KEY: '', CONTRACT_KEY_FILE: '', DATA_DIR: elsewhere });
    expect(() => otherKeyring.open(row.key_id, row.sealed_key, `contract-key:contract_company_keys:${row.serial}`)).toThrow(
      /not available/,
    );
    const sameKeyring = contractKeyring({ CONTRACT_KEY: '', CONTRACT_KEY_FILE: keyFile, DATA_DIR: elsewhere });
    const pkcs8 = sameKeyring.open(row.key_id, row.sealed_key, `contract-key:contract_company_keys:${row.serial}`);
    expect(pkcs8.length).toBeGreaterThan(1000);
    expect(row.sealed_key).not.toContain(pkcs8.slice(0, 24));
    // Nor does it open on another row (the sealing names the certificate it belongs to).
    expect(() => sameKeyring.open(row.key_id, row.sealed_key, 'contract-key:contract_company_keys:0')).toThrow();
    fs.rmSync(elsewhere, { recursive: true, force: true });

    // A crash after the temporary file is written and before the rename leaves the old content.
    const file = path.join(dir, 'contract.pdf');
    await writeFileAtomic(file, Buffer.from('old'));
    let temporary = '';
    const crash = writeFileAtomic(file, Buffer.from('new'), {
      afterTemporaryWritten: (t) => {
        temporary = t;
        expect(fs.readFileSync(t, 'utf8')).toBe('new');
        throw new Error('killed');
      },
    });
    await expect(crash).rejects.toThrow('killed');
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
    expect(path.dirname(temporary)).toBe(dir);
    await writeFileAtomic(file, Buffer.from('new'));
    expect([fs.readFileSync(file, 'utf8'), fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))]).toEqual(['new', []]);
  });
});

/** Where, in the file, the hex of the first or last signature's RSA value lies (a digit there is part of the value). */
function signatureValueAt(pdf: Uint8Array, which: 'first' | 'last'): number {
  const text = Buffer.from(pdf).toString('latin1');
  const contents = (which === 'first' ? text.indexOf('/Contents <') : text.lastIndexOf('/Contents <')) + '/Contents <'.length;
  const hex = text.slice(contents, text.indexOf('>', contents));
  // The signer's value is the first 256-byte OCTET STRING of the CMS (04 82 01 00 …); a
  // timestamp token, with its own, follows it.
  let at = hex.indexOf('04820100');
  while (at % 2 === 1) at = hex.indexOf('04820100', at + 1);
  return contents + at + 8 + 20;
}
