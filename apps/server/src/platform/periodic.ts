/**
 * Work a server repeats on its own while it serves (announcing itself, checking the deposit
 * ledgers), apart from the timed jobs of the scheduler, which are the installation's and run once.
 * Nothing runs until start() (main.ts calls it once the server listens; tests call runNow), a
 * round never overlaps the one before, and stop() waits for a round under way.
 */
export interface Periodic {
  /** Adds a task run every `intervalMs` (first right after start); 0 or less: only runNow runs it. */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  start(): void;
  stop(): Promise<void>;
  /** Runs the named task now (tests, and an operator's immediate look); waits for a round under way first. */
  runNow(name: string): Promise<void>;
}

interface Task {
  intervalMs: number;
  run: () => Promise<void>;
  timer: NodeJS.Timeout | null;
  current: Promise<void> | null;
}

export function createPeriodic(opts: { onError?: (err: unknown, name: string) => void } = {}): Periodic {
  const onError = opts.onError ?? (() => {});
  const tasks = new Map<string, Task>();
  let running = false;

  async function round(name: string, task: Task): Promise<void> {
    while (task.current) await task.current;
    task.current = task.run().catch((err: unknown) => onError(err, name));
    try {
      await task.current;
    } finally {
      task.current = null;
    }
  }

  function plan(name: string, task: Task, wait: number): void {
    if (!running || task.intervalMs <= 0) return;
    task.timer = setTimeout(() => {
      task.timer = null;
      void round(name, task).then(() => plan(name, task, task.intervalMs));
    }, wait);
    task.timer.unref();
  }

  return {
    every(name, intervalMs, run) {
      if (tasks.has(name)) throw new Error(`periodic: ${name} is added twice`);
      const task: Task = { intervalMs, run, timer: null, current: null };
      tasks.set(name, task);
      if (running) plan(name, task, 0);
    },
    start() {
      if (running) return;
      running = true;
      for (const [name, task] of tasks) plan(name, task, 0);
    },
    async stop() {
      running = false;
      for (const task of tasks.values()) {
        if (task.timer) clearTimeout(task.timer);
        task.timer = null;
      }
      await Promise.all([...tasks.values()].map((t) => t.current));
    },
    async runNow(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`periodic: no task ${name}`);
      await round(name, task);
    },
  };
}
