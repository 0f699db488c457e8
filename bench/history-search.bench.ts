/**
 * Bench `history-search` (the search half of `long-chat`): 1,000 chats / 100,000 messages written with the previous
 * schema (v2) to a real history.db; it is then opened as the host opens it (migration 3) and the old messages are
 * indexed in batches (the event loop's longest stall is recorded). Then search latency of ChatRepository.listChats
 * (what 'chats.list' answers; FTS5) against the old scan (the previous LIKE query, on its own connection to the same
 * file), alternated in one run, over English, Vietnamese and Chinese queries from common to rare, 200 chats per
 * search as the sidebar asks. The bar is an absolute p50 ≤ 10 ms; the ratio is printed beside it. Also recorded:
 * the first search on a repository that has not read its chat runs ahead (search/chatRuns.ts), and the load average.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ChatMessage, ContentBlock } from '../shared/chat.ts';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { silentLogger } from '../electron/host/environment.ts';
import { openHistoryDatabase } from '../electron/host/store/database.ts';
import { ChatRepository, transaction } from '../electron/host/store/chatRepository.ts';
import { migrate } from '../electron/host/store/migrations.ts';
import { likePattern, searchIndexState } from '../electron/host/store/search/historySearch.ts';
import { alternate, percentile, report } from './lib.ts';

const CHATS = 1000;
const PER_CHAT = 100;
const ROUNDS = 10;
// The sidebar asks for 200 chats per search (renderer/src/features/sidebar/useChatSearch.ts).
const LIMIT = 200;

const pools: Record<'en' | 'vi' | 'zh', string[]> = {
  en: [
    'Can you summarize the quarterly budget for the marketing team?', 'The deployment failed because the kubernetes pod ran out of memory.',
    'Here is a draft of the email to the landlord about the broken heater.', 'Let me check the file and compare the two versions of the report.',
    'The test suite passes locally but times out on the build server.', 'Please translate this paragraph and keep the formal tone.',
  ],
  vi: [
    'Thời tiết Hà Nội hôm nay thế nào?', 'Tôi muốn đi dạo quanh Hồ Gươm vào buổi tối.', 'Hãy tóm tắt báo cáo tài chính quý này giúp tôi.',
    'Cách nấu phở bò ngon tại nhà là gì?', 'Lịch họp của nhóm đã được chuyển sang thứ năm.', 'Bạn có thể dịch đoạn văn này sang tiếng Anh không?',
  ],
  zh: [
    '明天北京的天气怎么样？', '我想周末去爬长城，有什么建议吗？', '请帮我总结一下这份季度财务报告。', '北京烤鸭哪家餐厅最好吃？',
    '团队会议改到星期四下午三点。', '这段代码为什么在服务器上运行超时？',
  ],
};
const languages = ['en', 'vi', 'zh'] as const;

// The long tail of real chats: most text is not one of the six topic sentences above.
const filler: Record<'en' | 'vi' | 'zh', string[][]> = {
  en: [
    ['the', 'my', 'our', 'this', 'that', 'your', 'a new', 'the old', 'every', 'one'],
    ['server', 'recipe', 'garden', 'contract', 'module', 'playlist', 'bicycle', 'invoice', 'spreadsheet', 'camera', 'schedule', 'essay', 'router', 'library', 'vaccine'],
    ['needs', 'breaks', 'explains', 'covers', 'returns', 'ignores', 'renames', 'describes', 'loads', 'mentions', 'replaces', 'skips'],
    ['a config', 'the numbers', 'two pages', 'an index', 'the header', 'some notes', 'my draft', 'the totals', 'a summary', 'three steps', 'the logs', 'a diagram'],
  ],
  vi: [
    ['cái', 'một', 'những', 'các', 'mỗi', 'vài'],
    ['máy chủ', 'công thức', 'khu vườn', 'hợp đồng', 'bài luận', 'danh sách', 'xe đạp', 'hóa đơn', 'bảng tính', 'máy ảnh', 'lịch trình', 'thư viện'],
    ['cần', 'giải thích', 'bỏ qua', 'mô tả', 'thay thế', 'nhắc đến', 'tải về', 'đổi tên', 'sửa lại', 'gửi đi'],
    ['cấu hình', 'con số', 'hai trang', 'ghi chú', 'bản nháp', 'tổng kết', 'ba bước', 'nhật ký', 'sơ đồ', 'tiêu đề'],
  ],
  zh: [
    ['这个', '那个', '我的', '我们的', '每个', '新的'],
    ['服务器', '菜谱', '花园', '合同', '模块', '播放列表', '自行车', '发票', '表格', '相机', '日程', '论文', '路由器', '图书馆'],
    ['需要', '解释', '忽略', '描述', '替换', '提到', '下载', '重命名', '修改', '发送'],
    ['配置', '数字', '两页', '笔记', '草稿', '总结', '三个步骤', '日志', '图表', '标题'],
  ],
};
const sep = { en: ' ', vi: ' ', zh: '' };
const sentence = (lang: 'en' | 'vi' | 'zh') => filler[lang].map((words) => pick(words)).join(sep[lang]);
// Rare things (a name, a place) in about one message in a thousand.
const rare = { en: 'the platypus migration plan', vi: 'chuyến đi Quảng Ninh', zh: '黄山日出的照片' };
// One message in ten carries a topic sentence; the rest is long-tail text.
const body = (lang: 'en' | 'vi' | 'zh', n: number) =>
  Array.from({ length: n }, () => (rand(1000) === 0 ? rare[lang] : rand(10) === 0 ? pick(pools[lang]) : sentence(lang))).join(sep[lang] || ' ');

// Deterministic so runs compare (mulberry32: an LCG's low bits would never pick some words).
let state = 42;
const rand = (n: number) => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const pick = (list: string[]) => list[rand(list.length)] ?? '';

function seed(path: string): void {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db, 2);
  const repo = new ChatRepository(db);
  const start = Date.now() - CHATS * PER_CHAT * 1000;
  let n = 0;
  for (let c = 0; c < CHATS; c++) {
    const lang = languages[c % 3] ?? 'en';
    const chatId = `chat-${c}`;
    repo.createChat(chatId, `${pick(pools[lang]).slice(0, 24)} #${c}`, 'claude-sonnet-5-5', start + n * 1000);
    transaction(db, () => {
      for (let i = 0; i < PER_CHAT; i++, n++) {
        const role = i % 2 === 0 ? 'user' : 'assistant';
        const text = role === 'user' ? `${body(lang, 1)} (${rand(100000)})` : `${body(lang, 4)} ${sentence('en')} ${rand(100000)}`;
        const blocks: ContentBlock[] = [{ type: 'text', text }];
        if (role === 'assistant' && i % 10 === 1) {
          blocks.push({
            type: 'tool_call', id: `toolu_${n}`, exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input: { path: `/home/ana/docs/invoice-${rand(10000)}.md` },
            status: 'done', destructive: false, result: { content: [{ type: 'text', text: `${body(lang, 2)} ${sentence('en')}` }], isError: false },
          });
        }
        const message: ChatMessage = { id: `m-${n}`, chatId, role, blocks, status: 'complete', createdAt: start + n * 1000, updatedAt: start + n * 1000 };
        repo.insertMessage(message);
      }
    });
  }
  db.close();
}

// The previous search, verbatim: titles or any message's search_text LIKE %query%, newest first.
const oldScanSql = `SELECT id, title, title_locked, model, created_at, updated_at, message_count, tool_scope FROM chats c WHERE c.title LIKE ?1 ESCAPE '\\'
  OR EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = c.id AND m.search_text LIKE ?1 ESCAPE '\\') ORDER BY updated_at DESC, id LIMIT ?2 OFFSET ?3`;

const queries: { lang: string; query: string }[] = [
  { lang: 'en', query: 'quarterly budget' }, { lang: 'en', query: 'kubernetes' }, { lang: 'en', query: 'spreadsheet' },
  { lang: 'en', query: 'invoice-4711' }, { lang: 'en', query: 'no such words anywhere' }, { lang: 'en', query: 'platypus' },
  { lang: 'vi', query: 'Quảng Ninh' }, { lang: 'zh', query: '黄山日出' },
  { lang: 'vi', query: 'thời tiết' }, { lang: 'vi', query: 'Hồ Gươm' }, { lang: 'vi', query: 'hóa đơn' }, { lang: 'vi', query: 'Hà' },
  { lang: 'zh', query: '天气' }, { lang: 'zh', query: '北京烤鸭' }, { lang: 'zh', query: '长城' }, { lang: 'zh', query: '发票' },
];

const dir = mkdtempSync(join(tmpdir(), 'sb-bench-search-'));
try {
  const path = join(dir, 'history.db');
  const seeded = performance.now();
  seed(path);
  const seedMs = performance.now() - seeded;
  const bytesBefore = statSync(path).size;

  // Opening runs migration 3; the old messages are indexed in batches while the event loop stays free.
  let longestGapMs = 0;
  let last = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 5);
  const opening = performance.now();
  const { db } = openHistoryDatabase(path, silentLogger);
  const openMs = performance.now() - opening;
  const repo = new ChatRepository(db);
  const scanWhileBuilding = repo.listChats({ query: 'kubernetes' }).length;
  let batches = 0;
  await repo.buildSearchIndex({ onProgress: () => (batches += 1) });
  const indexBuildMs = performance.now() - opening;
  clearInterval(watch);
  const state = searchIndexState(db);
  if (!state || state.doneThrough < state.target) throw new Error('index not built');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const bytesAfter = statSync(path).size;
  // The first search on a repository whose chat runs were not read ahead (the host reads them after the index build).
  const coldStarted = performance.now();
  new ChatRepository(db).listChats({ query: 'kubernetes', limit: LIMIT });
  const firstSearchColdMs = performance.now() - coldStarted;
  const probe = new DatabaseSync(path, { readOnly: true });
  const scan = probe.prepare(oldScanSql);
  try {
    const perQuery: Record<string, unknown>[] = [];
    const fts: number[] = [];
    const old: number[] = [];
    // CPU time of the same searches: on the shared machine wall time includes time the process waited for a core.
    const ftsCpu: number[] = [];
    for (const { lang, query } of queries) {
      const viaHost = () => {
        const cpu = process.cpuUsage();
        const started = performance.now();
        repo.listChats({ query, limit: LIMIT });
        const wall = performance.now() - started;
        const used = process.cpuUsage(cpu);
        ftsCpu.push((used.user + used.system) / 1000);
        return Promise.resolve(wall);
      };
      const viaScan = () => {
        const started = performance.now();
        scan.all(likePattern(query), LIMIT, 0);
        return Promise.resolve(performance.now() - started);
      };
      await viaHost();
      await viaScan();
      const samples = await alternate(ROUNDS, viaHost, viaScan);
      fts.push(...samples.subject);
      old.push(...samples.baseline);
      const hits = repo.listChats({ query, limit: 500 }).length;
      const oldHits = scan.all(likePattern(query), 500, 0).length;
      perQuery.push({ lang, query, hits, oldHits, ftsP50: percentile(samples.subject, 50), scanP50: percentile(samples.baseline, 50) });
      console.log(`  ${lang} ${JSON.stringify(query)}: ${hits} chats (scan ${oldHits}), fts p50 ${percentile(samples.subject, 50).toFixed(2)} ms, scan p50 ${percentile(samples.baseline, 50).toFixed(2)} ms`);
    }
    const p50 = percentile(fts, 50);
    const scanP50 = percentile(old, 50);
    console.log(`  fts cpu p50 ${percentile(ftsCpu, 50).toFixed(2)} / p95 ${percentile(ftsCpu, 95).toFixed(2)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`  fts p50 ${p50.toFixed(2)} / p95 ${percentile(fts, 95).toFixed(2)} ms; scan p50 ${scanP50.toFixed(2)} / p95 ${percentile(old, 95).toFixed(2)} ms; ratio ${(p50 / scanP50).toFixed(3)}`);
    report({
      name: 'history-search',
      metric: `ms p50 of a search across ${CHATS} chats / ${CHATS * PER_CHAT} messages (listChats, FTS5) vs the old scan, ${queries.length} queries x ${ROUNDS}`,
      value: p50,
      baseline: scanP50,
      target: 10,
      direction: 'value_at_most',
      details: {
        ftsP95: percentile(fts, 95), ftsCpuP50: percentile(ftsCpu, 50), ftsCpuP95: percentile(ftsCpu, 95), scanP95: percentile(old, 95), seedMs, openWithMigrationMs: openMs, indexBuildMs, indexBatches: batches,
        longestEventLoopGapDuringBuildMs: longestGapMs, firstSearchColdMs, loadAverageAtEnd: loadavg(), fileBytesBefore: bytesBefore, fileBytesWithIndex: bytesAfter, chatsFoundByScanWhileBuilding: scanWhileBuilding, perQuery,
      },
    });
  } finally {
    probe.close();
    db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
