//! The one engine for "read items in order, work on them in parallel, write the results in
//! order": every archive command runs on it (`validate` and its `--html`, `--missed-wins`,
//! `openings stats`, `dedupe`, `search`, `filter`), through the record stream of
//! [`crate::input::stream()`].
//!
//! A run has three parts, given as closures to [`Engine::run`]:
//!
//! - **read** (one thread, the reader): pushes the items, in order, into a [`Feed`]; the feed
//!   gathers them into batches (by weight: the first batch small, each next one twice the last,
//!   up to [`Engine::batch`]), so that the workers start at once and a short run is not one
//!   batch;
//! - **work** (the workers, [`Jobs`] of them, passed explicitly: `jobs - 1` worker threads
//!   and the calling thread): each batch is taken by one worker, oldest first, and worked
//!   item by item;
//! - **write** (the calling thread): gets every result, in the order the items were pushed.
//!   While the next batch in order is not done and a batch waits, it works that batch itself
//!   (so `--jobs 2` keeps two threads working, not two workers and a writer on two cores, and
//!   half the results are freed on the thread that made them).
//!
//! **Bounded memory.** At most [`Engine::in_flight`] batches are read and not yet written:
//! the reader waits for room (woken when three quarters of the room is free, not at each
//! batch written), so memory does not grow with the input.
//!
//! **A slow item never stalls the others.** A batch held up by a slow item (a long VCF search)
//! only holds up the writing (also when the writer itself is working it): the other workers
//! go on with the next batches (up to the room left), and the results of later batches wait,
//! done, for their turn.
//!
//! **No polling.** Every wait is on a condition variable: workers for a batch, the writer for
//! the next batch in order, the reader for room.
//!
//! **One job.** With [`Jobs::ONE`] there are no threads: reading, working and writing take
//! turns on the calling thread, batch by batch.
//!
//! **Stopping.** A [`Stop`] (set by a signal handler, [`Stop::on_signals`], or by any thread)
//! makes [`Feed::push`] answer [`Stopped`]: the reader stops reading, the items already read
//! are worked and written, and [`Ran::stopped`] says so.
//!
//! **Invariants, checked in every build:** every item pushed is worked once and written once,
//! in the order pushed ([`Ran::items`] counts them); a panic in any part ends the run (the
//! other parts stop, none waits for ever) and is resumed on the calling thread.
//!
//! ```
//! use corpus_tool::engine::{Engine, Jobs};
//! let mut squares = Vec::new();
//! let ran = Engine::new(Jobs::new(2).unwrap()).run(
//!     |feed| {
//!         for n in 0..10_000u64 {
//!             if feed.push(n).is_err() {
//!                 break;
//!             }
//!         }
//!     },
//!     |n| n * n,
//!     |sq| squares.push(sq),
//! );
//! assert_eq!(ran.items, 10_000);
//! assert!(squares.iter().enumerate().all(|(i, &s)| s == (i * i) as u64));
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// How many threads work in a run (`--jobs N`): at least one. With `n` jobs, `n - 1`
/// worker threads and the calling thread, which writes the results and works batches while
/// the next result in order is not done. An engine runs at most [`Jobs::MOST`] of them
/// however many are asked, and fewer when the system refuses to start more threads.
///
/// ```
/// use corpus_tool::engine::Jobs;
/// assert_eq!("3".parse::<Jobs>().unwrap().get(), 3);
/// assert!("0".parse::<Jobs>().is_err());
/// assert!(Jobs::all_cores().get() >= 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jobs(NonZeroUsize);

impl Jobs {
    /// One worker: reading, working and writing take turns on the calling thread.
    pub const ONE: Jobs = Jobs(NonZeroUsize::MIN);

    /// The most jobs an engine runs (`Engine::new` takes any more as this many): each is a
    /// thread, and a process asking the system for tens of thousands of them is refused one
    /// (or ended, when a thread that did start cannot get its signal stack).
    pub const MOST: Jobs = Jobs(NonZeroUsize::new(1024).expect("1024 is not 0"));

    /// `n` workers, `None` for 0.
    #[must_use]
    pub const fn new(n: usize) -> Option<Jobs> {
        match NonZeroUsize::new(n) {
            Some(n) => Some(Jobs(n)),
            None => None,
        }
    }

    /// One worker per core (as the system reports them; one when it cannot tell).
    #[must_use]
    pub fn all_cores() -> Jobs {
        Jobs(std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
    }

    /// The number of workers.
    #[must_use]
    pub const fn get(self) -> usize {
        self.0.get()
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::all_cores()
    }
}

impl fmt::Display for Jobs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a text is not a number of jobs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadJobs(String);

impl fmt::Display for BadJobs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a number of jobs (at least 1)", self.0)
    }
}

impl std::error::Error for BadJobs {}

impl std::str::FromStr for Jobs {
    type Err = BadJobs;

    fn from_str(s: &str) -> Result<Jobs, BadJobs> {
        s.trim()
            .parse::<usize>()
            .ok()
            .and_then(Jobs::new)
            .ok_or_else(|| BadJobs(s.to_string()))
    }
}

/// A request to stop reading, shared between threads (and the signals, [`Stop::on_signals`]):
/// what stopped the run, `None` while it runs on. A run waiting for its workers is woken by
/// the request (no polling).
///
/// ```
/// use corpus_tool::engine::Stop;
/// let stop = Stop::new();
/// assert_eq!(stop.reason(), None);
/// stop.request(2);
/// assert_eq!((stop.reason(), stop.signal_name(), stop.requests()), (Some(2), Some("SIGINT"), 1));
/// ```
#[derive(Clone, Default)]
pub struct Stop(Arc<StopState>);

#[derive(Default)]
struct StopState {
    /// What asked first (0: nothing yet).
    reason: AtomicUsize,
    /// How many times it was asked.
    requests: AtomicUsize,
    /// The runs to wake, by number.
    wakers: Mutex<Vec<(u64, Waker)>>,
    next_waker: AtomicUsize,
}

type Waker = Arc<dyn Fn() + Send + Sync>;

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stop")
            .field("reason", &self.reason())
            .field("requests", &self.requests())
            .finish_non_exhaustive()
    }
}

impl Stop {
    /// A stop not requested yet.
    #[must_use]
    pub fn new() -> Stop {
        Stop::default()
    }

    /// A stop requested by SIGINT (Ctrl-C) or SIGTERM (on Unix; elsewhere never). The
    /// first signal requests the stop; a second one too (a command then stops counting what
    /// it did not reach); a third ends the process at once with status 130 (SIGINT) or 143
    /// (SIGTERM).
    ///
    /// # Errors
    /// The handlers cannot be installed.
    pub fn on_signals() -> std::io::Result<Stop> {
        let stop = Stop::new();
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            // The handlers only write to a pipe; this thread reads it, wakes the runs, and at
            // the third signal removes the outputs' temporary files and ends the process.
            let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
            let requested = stop.clone();
            std::thread::Builder::new()
                .name("corpus-tool signals".to_string())
                .spawn(move || {
                    for signal in signals.forever() {
                        requested.request(usize::try_from(signal).unwrap_or(usize::MAX));
                        if requested.requests() >= 3 {
                            crate::output::remove_temporaries();
                            eprintln!(
                                "corpus-tool: stopped at once by a third signal: the outputs \
                                 not written yet are not written"
                            );
                            std::process::exit(if signal == SIGTERM { 143 } else { 130 });
                        }
                    }
                })?;
        }
        Ok(stop)
    }

    /// For a command that has nothing to keep from a run cut short (it writes its output
    /// whole at the end): SIGINT or SIGTERM removes the temporary files of the outputs being
    /// written and ends the process at once, with status 130 (SIGINT) or 143 (SIGTERM).
    ///
    /// # Errors
    /// The handler cannot be installed.
    pub fn exit_on_signals() -> std::io::Result<()> {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
            std::thread::Builder::new()
                .name("corpus-tool signals".to_string())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        crate::output::remove_temporaries();
                        eprintln!(
                            "corpus-tool: stopped by {} before the output was complete: \
                             nothing written",
                            if signal == SIGTERM {
                                "SIGTERM"
                            } else {
                                "SIGINT"
                            }
                        );
                        std::process::exit(if signal == SIGTERM { 143 } else { 130 });
                    }
                })?;
        }
        Ok(())
    }

    /// Requests the stop, for `reason` (a signal number, or any other non-zero number), and
    /// wakes the runs waiting.
    pub fn request(&self, reason: usize) {
        let _ =
            self.0
                .reason
                .compare_exchange(0, reason.max(1), Ordering::SeqCst, Ordering::SeqCst);
        self.0.requests.fetch_add(1, Ordering::SeqCst);
        let wakers: Vec<Waker> = lock(&self.0.wakers)
            .iter()
            .map(|(_, w)| Arc::clone(w))
            .collect();
        for w in wakers {
            w();
        }
    }

    /// What requested the stop first, `None` while none was.
    #[must_use]
    pub fn reason(&self) -> Option<usize> {
        match self.0.reason.load(Ordering::SeqCst) {
            0 => None,
            n => Some(n),
        }
    }

    /// How many times the stop was requested.
    #[must_use]
    pub fn requests(&self) -> usize {
        self.0.requests.load(Ordering::SeqCst)
    }

    /// Whether a stop was requested.
    #[must_use]
    pub fn is_requested(&self) -> bool {
        self.0.reason.load(Ordering::Relaxed) != 0
    }

    /// The name of the signal that requested the stop (`SIGINT`, `SIGTERM`), when it was one
    /// of those.
    #[must_use]
    pub fn signal_name(&self) -> Option<&'static str> {
        match self.reason()? {
            2 => Some("SIGINT"),
            15 => Some("SIGTERM"),
            _ => None,
        }
    }

    /// Calls `wake` at each request until the guard returned is dropped.
    fn wake_with(&self, wake: Waker) -> impl Drop + '_ {
        let id = self.0.next_waker.fetch_add(1, Ordering::SeqCst) as u64;
        lock(&self.0.wakers).push((id, wake));
        OnDrop(move || lock(&self.0.wakers).retain(|(i, _)| *i != id))
    }
}

/// The answer of [`Feed::push`] once a stop was requested (or the run is ending because
/// another part of it panicked): read no more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the run was asked to stop")
    }
}

impl std::error::Error for Stopped {}

/// How a run is made: its workers, its batches, its room, its stop.
#[derive(Debug, Clone)]
pub struct Engine {
    jobs: Jobs,
    first_batch: usize,
    batch: usize,
    in_flight: usize,
    stop: Option<Stop>,
}

/// What [`Engine::run`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ran<R, In> {
    /// What the read closure returned.
    pub read: R,
    /// Items pushed, worked and written (the same number: checked).
    pub items: u64,
    /// Batches handed to the workers.
    pub batches: u64,
    /// Whether a stop ([`Stop`]) cut the run short: the reader was told to stop before it
    /// ended by itself, or it had ended and items it read were left unworked (a stop that
    /// came while the last batches waited for a worker).
    pub stopped: bool,
    /// After a stop, the items read and never worked, in order: the batches no worker had
    /// taken when the stop came (the results written are those of the items before them,
    /// every one). Empty when the run was not stopped, and with one job (each batch is
    /// worked as soon as it is read).
    pub unworked: Vec<In>,
}

impl Engine {
    /// The first batch weighs this much by default, each next one twice the last.
    pub const FIRST_BATCH: usize = 64;
    /// A batch weighs at most this much by default.
    pub const BATCH: usize = 512;
    /// At most this many batches are read and not yet written, by default.
    pub const IN_FLIGHT: usize = 64;

    /// An engine of `jobs` workers (at most [`Jobs::MOST`]) with the default batches and room.
    #[must_use]
    pub fn new(jobs: Jobs) -> Engine {
        Engine {
            jobs: jobs.min(Jobs::MOST),
            first_batch: Engine::FIRST_BATCH,
            batch: Engine::BATCH,
            in_flight: Engine::IN_FLIGHT,
            stop: None,
        }
    }

    /// Batches weigh `first` at first, then twice the last, up to `most` (each at least 1).
    #[must_use]
    pub fn batches(mut self, first: usize, most: usize) -> Engine {
        self.batch = most.max(1);
        self.first_batch = first.clamp(1, self.batch);
        self
    }

    /// At most `batches` batches are read and not yet written (at least 1).
    #[must_use]
    pub fn in_flight(mut self, batches: usize) -> Engine {
        self.in_flight = batches.max(1);
        self
    }

    /// The reader is told to stop when `stop` is requested.
    #[must_use]
    pub fn stop_on(mut self, stop: Stop) -> Engine {
        self.stop = Some(stop);
        self
    }

    /// The workers.
    #[must_use]
    pub fn jobs(&self) -> Jobs {
        self.jobs
    }

    /// The stop the run listens to.
    #[must_use]
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The most a batch weighs.
    #[must_use]
    pub fn batch(&self) -> usize {
        self.batch
    }

    /// The most batches read and not yet written.
    #[must_use]
    pub fn in_flight_limit(&self) -> usize {
        self.in_flight
    }

    /// Runs `read` on a reader thread, `work` on the workers (this thread among them) and
    /// `write` on this thread, in the order `read` pushed the items (see the module
    /// documentation). With one job, all three take turns on this thread.
    ///
    /// # Panics
    /// When one of the closures panics (the others are stopped first), with its panic; when
    /// an invariant of the engine does not hold (a bug).
    pub fn run<In, Out, R>(
        &self,
        read: impl FnOnce(&mut Feed<'_, In>) -> R + Send,
        work: impl Fn(In) -> Out + Sync,
        mut write: impl FnMut(Out),
    ) -> Ran<R, In>
    where
        In: Send,
        Out: Send,
        R: Send,
    {
        if self.jobs == Jobs::ONE {
            self.run_here(read, work, &mut write)
        } else {
            self.run_threads(read, &work, &mut write)
        }
    }

    fn feed<'a, In>(&'a self, send: &'a mut dyn FnMut(Vec<In>) -> bool) -> Feed<'a, In> {
        Feed {
            batch: Vec::new(),
            weight: 0,
            limit: self.first_batch,
            most: self.batch,
            pushed: 0,
            batches: 0,
            closed: false,
            stopped: false,
            stop: self.stop.as_ref(),
            send,
        }
    }

    /// One job: each batch is worked and written as soon as it is full.
    fn run_here<In, Out, R>(
        &self,
        read: impl FnOnce(&mut Feed<'_, In>) -> R,
        work: impl Fn(In) -> Out,
        write: &mut dyn FnMut(Out),
    ) -> Ran<R, In> {
        let mut written = 0u64;
        let mut send = |mut batch: Vec<In>| {
            for item in batch.drain(..) {
                write(work(item));
                written += 1;
            }
            true
        };
        let mut feed = self.feed(&mut send);
        let r = read(&mut feed);
        let (pushed, batches, stopped) = feed.finish();
        assert_eq!(pushed, written, "engine: every item pushed is written once");
        Ran {
            read: r,
            items: written,
            batches,
            stopped,
            unworked: Vec::new(),
        }
    }

    /// Several jobs: a reader thread, `jobs - 1` worker threads, and this thread writing and
    /// working.
    fn run_threads<In, Out, R>(
        &self,
        read: impl FnOnce(&mut Feed<'_, In>) -> R + Send,
        work: &(impl Fn(In) -> Out + Sync),
        write: &mut dyn FnMut(Out),
    ) -> Ran<R, In>
    where
        In: Send,
        Out: Send,
        R: Send,
    {
        let shared = Shared::new(self.in_flight, self.stop.as_ref());
        let shared = &shared;
        let core = Arc::clone(&shared.core);
        let _woken = self
            .stop
            .as_ref()
            .map(|stop| stop.wake_with(Arc::new(move || core.wake_all())));
        std::thread::scope(|scope| {
            // However this thread leaves (a panic in `write`), the others are let go.
            let _end = OnDrop(|| {
                if std::thread::panicking() {
                    shared.fail();
                }
            });
            // The reader first (nothing is read without it), then the workers, as many as
            // the system lets start: the calling thread works too, so a worker refused (the
            // system's threads used up) makes the run slower, never wrong.
            let reader = std::thread::Builder::new()
                .name("corpus-tool reader".to_string())
                .spawn_scoped(scope, move || {
                    let _end = OnDrop(|| shared.reading_done());
                    let mut send = |batch: Vec<In>| shared.hand_on(batch);
                    let mut feed = self.feed(&mut send);
                    let r = read(&mut feed);
                    (r, feed.finish())
                })
                .expect("the reader thread starts");
            let workers: Vec<_> = (1..self.jobs.get())
                .map_while(|i| {
                    std::thread::Builder::new()
                        .name(format!("corpus-tool worker {i}"))
                        .spawn_scoped(scope, move || shared.work(work))
                        .ok()
                })
                .collect();
            let (written, unworked) = shared.write(write, work);
            let mut panic = None;
            let read = match reader.join() {
                Ok(r) => Some(r),
                Err(p) => {
                    panic = Some(p);
                    None
                }
            };
            for w in workers {
                if let Err(p) = w.join() {
                    panic.get_or_insert(p);
                }
            }
            if let Some(p) = panic {
                std::panic::resume_unwind(p);
            }
            let (r, (pushed, batches, stopped)) = read.expect("the reader returned");
            assert_eq!(
                pushed,
                written + unworked.len() as u64,
                "engine: every item pushed is written once, or handed back unworked after a stop"
            );
            Ran {
                read: r,
                items: written,
                batches,
                // the reader may have read everything before the stop came, and batches still
                // waited: the run was cut short all the same
                stopped: stopped || !unworked.is_empty(),
                unworked,
            }
        })
    }
}

/// Where the reader pushes its items, in order. Items are gathered into batches by weight;
/// a batch is handed to the workers when full, the last one when the reader returns.
pub struct Feed<'a, In> {
    batch: Vec<In>,
    weight: usize,
    limit: usize,
    most: usize,
    pushed: u64,
    batches: u64,
    /// The workers and the writer are gone (a panic elsewhere): items are dropped.
    closed: bool,
    /// The reader was told to stop.
    stopped: bool,
    stop: Option<&'a Stop>,
    send: &'a mut dyn FnMut(Vec<In>) -> bool,
}

impl<In> Feed<'_, In> {
    /// Pushes an item of weight 1. See [`Feed::push_weighted`].
    ///
    /// # Errors
    /// [`Stopped`]: read no more (the item was taken all the same).
    pub fn push(&mut self, item: In) -> Result<(), Stopped> {
        self.push_weighted(item, 1)
    }

    /// Pushes an item of weight `weight` (what it costs to work, in the unit of the batch
    /// sizes: a record is 1). The item is always taken, and worked and written unless the
    /// run ends in a panic.
    ///
    /// # Errors
    /// [`Stopped`] once a stop was requested: the caller reads no more.
    pub fn push_weighted(&mut self, item: In, weight: usize) -> Result<(), Stopped> {
        if !self.closed {
            self.batch.push(item);
            self.pushed += 1;
            self.weight += weight;
            if self.weight >= self.limit {
                self.hand_on();
            }
        }
        self.check()
    }

    /// Hands the batch being filled to the workers now, full or not (a reader about to wait
    /// for its input does so, so that what it read is worked meanwhile).
    pub fn flush(&mut self) {
        if !self.batch.is_empty() && !self.closed {
            self.hand_on();
        }
    }

    /// The weight the batch being filled can still take before it is handed on.
    #[must_use]
    pub fn room(&self) -> usize {
        self.limit.saturating_sub(self.weight).max(1)
    }

    /// Whether the reader should stop: a stop was requested, or the run is ending.
    ///
    /// # Errors
    /// [`Stopped`].
    pub fn check(&mut self) -> Result<(), Stopped> {
        if self.closed {
            return Err(Stopped);
        }
        if self.stop.is_some_and(Stop::is_requested) {
            self.stopped = true;
            return Err(Stopped);
        }
        Ok(())
    }

    fn hand_on(&mut self) {
        let batch = std::mem::take(&mut self.batch);
        self.batches += 1;
        self.weight = 0;
        self.limit = (self.limit * 2).min(self.most);
        if !(self.send)(batch) {
            self.closed = true;
        }
    }

    /// Hands on the last batch; the items pushed, the batches, whether it was stopped.
    fn finish(&mut self) -> (u64, u64, bool) {
        self.flush();
        (self.pushed, self.batches, self.stopped)
    }
}

/// What the reader, the workers and the writer wait on: counts only (no items), so that a
/// [`Stop`] can wake them.
struct Core {
    state: Mutex<Counts>,
    /// A batch to work, or the end.
    for_workers: Condvar,
    /// The next batch in order is done, or the end.
    for_writer: Condvar,
    /// Room for the reader, or the end.
    for_reader: Condvar,
}

struct Counts {
    /// The number of the next batch to write.
    next: u64,
    /// Batches handed on.
    sent: u64,
    /// Batches taken by a worker (the oldest first: batches `next..taken` are being worked
    /// or done, `taken..sent` wait in the queue).
    taken: u64,
    /// Whether each batch from `next` on is done.
    done: VecDeque<bool>,
    /// Whether the reader is still reading.
    reading: bool,
    /// Whether the reader waits for room.
    reader_waits: bool,
    /// A part of the run panicked: everyone stops.
    failed: bool,
}

impl Core {
    fn wake_all(&self) {
        // Taking the lock first: a thread that saw no stop and is about to wait is waiting
        // when the notification comes.
        drop(lock(&self.state));
        self.for_workers.notify_all();
        self.for_writer.notify_all();
        self.for_reader.notify_all();
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn wait<'a>(c: &Condvar, g: MutexGuard<'a, Counts>) -> MutexGuard<'a, Counts> {
    c.wait(g).unwrap_or_else(PoisonError::into_inner)
}

/// The state the reader, the workers and the writer share. Locks are taken in one order:
/// `core.state`, then `queue` or `done`.
struct Shared<'e, In, Out> {
    core: Arc<Core>,
    /// Batches handed on and not taken by a worker yet.
    queue: Mutex<VecDeque<Vec<In>>>,
    /// The results of the batches from `next` on, `None` while not done.
    done: Mutex<VecDeque<Option<Vec<Out>>>>,
    /// The most batches read and not yet written.
    room: u64,
    stop: Option<&'e Stop>,
}

impl<'e, In, Out> Shared<'e, In, Out> {
    fn new(room: usize, stop: Option<&'e Stop>) -> Self {
        Shared {
            core: Arc::new(Core {
                state: Mutex::new(Counts {
                    next: 0,
                    sent: 0,
                    taken: 0,
                    done: VecDeque::new(),
                    reading: true,
                    reader_waits: false,
                    failed: false,
                }),
                for_workers: Condvar::new(),
                for_writer: Condvar::new(),
                for_reader: Condvar::new(),
            }),
            queue: Mutex::new(VecDeque::new()),
            done: Mutex::new(VecDeque::new()),
            room: room as u64,
            stop,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(Stop::is_requested)
    }

    /// The reader hands a batch on, waiting for room first; false when the run is ending.
    fn hand_on(&self, batch: Vec<In>) -> bool {
        let core = &*self.core;
        let mut s = lock(&core.state);
        if s.sent - s.next >= self.room {
            // Woken when three quarters of the room is free: not at each batch written.
            s.reader_waits = true;
            while !s.failed && !self.stopped() && s.sent - s.next > self.room / 4 {
                s = wait(&core.for_reader, s);
            }
            s.reader_waits = false;
        }
        if s.failed {
            return false;
        }
        s.sent += 1;
        s.done.push_back(false);
        lock(&self.queue).push_back(batch);
        lock(&self.done).push_back(None);
        drop(s);
        core.for_workers.notify_one();
        // the writer works batches too while the next one in order is not done
        core.for_writer.notify_one();
        true
    }

    /// The reader is done (or gone, in a panic).
    fn reading_done(&self) {
        let mut s = lock(&self.core.state);
        s.reading = false;
        if std::thread::panicking() {
            s.failed = true;
        }
        drop(s);
        self.core.wake_all();
    }

    fn fail(&self) {
        lock(&self.core.state).failed = true;
        self.core.wake_all();
    }

    /// A worker: takes the oldest batch, works it, puts the results in their place; takes no
    /// batch once a stop is requested.
    fn work(&self, work: &impl Fn(In) -> Out) {
        let _end = OnDrop(|| {
            if std::thread::panicking() {
                self.fail();
            }
        });
        let core = &*self.core;
        let mut s = lock(&core.state);
        loop {
            if s.failed || self.stopped() {
                return;
            }
            if s.taken == s.sent {
                if !s.reading {
                    return;
                }
                s = wait(&core.for_workers, s);
                continue;
            }
            match self.work_one(s, work) {
                Some(g) => s = g,
                None => return,
            }
        }
    }

    /// Takes the oldest batch waiting (there is one: `s.taken < s.sent`), works it and puts
    /// its results in their place; the lock again, `None` after a failure.
    fn work_one<'s>(
        &'s self,
        mut s: MutexGuard<'s, Counts>,
        work: &impl Fn(In) -> Out,
    ) -> Option<MutexGuard<'s, Counts>> {
        let core = &*self.core;
        let number = s.taken;
        s.taken += 1;
        let batch = lock(&self.queue)
            .pop_front()
            .expect("engine: a batch handed on is in the queue");
        drop(s);
        let out: Vec<Out> = batch.into_iter().map(work).collect();
        s = lock(&core.state);
        let Some(place) = number
            .checked_sub(s.next)
            .and_then(|i| usize::try_from(i).ok())
        else {
            // Only after a failure can the writer have moved past a batch not done.
            assert!(
                s.failed,
                "engine: a batch done is not written before it is done"
            );
            return None;
        };
        s.done[place] = true;
        lock(&self.done)[place] = Some(out);
        if place == 0 {
            core.for_writer.notify_one();
        }
        Some(s)
    }

    /// The writer: writes each batch in order as soon as it is done, and works the oldest
    /// batch waiting while the next one in order is not done (taking none once a stop is
    /// requested); the items written, and the batches never worked (after a stop), in order.
    fn write(&self, write: &mut dyn FnMut(Out), work: &impl Fn(In) -> Out) -> (u64, Vec<In>) {
        let core = &*self.core;
        let mut written = 0u64;
        let mut s = lock(&core.state);
        loop {
            if s.failed {
                return (written, Vec::new());
            }
            if s.done.front() == Some(&true) {
                s.done.pop_front();
                let out = lock(&self.done)
                    .pop_front()
                    .flatten()
                    .expect("engine: the batch written is done");
                s.next += 1;
                if s.reader_waits && s.sent - s.next <= self.room / 4 {
                    core.for_reader.notify_one();
                }
                drop(s);
                for o in out {
                    write(o);
                    written += 1;
                }
                s = lock(&core.state);
                continue;
            }
            if s.next == s.taken && self.stopped() {
                // Stopped, and every batch taken is written: the rest is never worked.
                if s.reader_waits {
                    core.for_reader.notify_one();
                }
                if !s.reading {
                    let unworked: Vec<In> = lock(&self.queue).drain(..).flatten().collect();
                    lock(&self.done).clear();
                    return (written, unworked);
                }
            } else if !s.reading && s.next == s.sent {
                assert!(
                    lock(&self.queue).is_empty() && lock(&self.done).is_empty(),
                    "engine: every batch handed on is written"
                );
                return (written, Vec::new());
            } else if s.taken < s.sent && !self.stopped() {
                // The next batch in order is not done and one waits: this thread works it.
                match self.work_one(s, work) {
                    Some(g) => s = g,
                    None => return (written, Vec::new()),
                }
                continue;
            }
            s = wait(&core.for_writer, s);
        }
    }
}

/// Runs its closure when dropped (also when unwinding).
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(jobs: usize, n: u64) -> (Vec<u64>, Ran<(), u64>) {
        let mut out = Vec::new();
        let ran = Engine::new(Jobs::new(jobs).unwrap()).run(
            |feed| {
                for i in 0..n {
                    let _ = feed.push(i);
                }
            },
            |i| i * i,
            |sq| out.push(sq),
        );
        (out, ran)
    }

    #[test]
    fn results_come_in_order_with_any_number_of_jobs() {
        for jobs in 1..=4 {
            for n in [0, 1, 63, 64, 65, 10_000] {
                let (out, ran) = squares(jobs, n);
                assert_eq!(ran.items, n, "{jobs} jobs, {n} items");
                assert_eq!(out, (0..n).map(|i| i * i).collect::<Vec<_>>());
                assert!(!ran.stopped);
            }
        }
    }

    #[test]
    fn more_jobs_than_threads_can_start_run_as_the_most() {
        // asked for more threads than a system starts: `MOST` run (it panicked, "a worker
        // thread starts", or the process ended)
        assert_eq!(Engine::new(Jobs::new(1 << 40).unwrap()).jobs(), Jobs::MOST);
        assert_eq!(Engine::new(Jobs::new(3).unwrap()).jobs().get(), 3);
        let (out, ran) = squares(usize::MAX, 5_000);
        assert_eq!(ran.items, 5_000);
        assert_eq!(out, (0..5_000).map(|i| i * i).collect::<Vec<_>>());
    }

    #[test]
    fn batches_double_up_to_the_most() {
        let (_, ran) = squares(2, 64 + 128 + 256 + 512 * 3);
        assert_eq!(ran.batches, 6);
    }

    #[test]
    fn a_stop_ends_the_reading_the_results_are_a_prefix_and_the_rest_is_handed_back() {
        for jobs in [1, 2, 3] {
            let stop = Stop::new();
            let mut out = Vec::new();
            let ran = Engine::new(Jobs::new(jobs).unwrap())
                .stop_on(stop.clone())
                .run(
                    |feed| {
                        let mut n = 0u64;
                        loop {
                            if n == 3000 {
                                stop.request(15);
                            }
                            if feed.push(n).is_err() {
                                return n + 1;
                            }
                            n += 1;
                        }
                    },
                    |i| {
                        // slow enough that batches wait in the queue when the stop comes
                        std::thread::sleep(std::time::Duration::from_micros(5));
                        i
                    },
                    |i| out.push(i),
                );
            assert!(ran.stopped);
            assert_eq!(ran.read, 3001, "the item pushed when stopped is taken");
            let written = out.len() as u64;
            assert_eq!(out, (0..written).collect::<Vec<_>>(), "{jobs} jobs");
            assert_eq!(ran.unworked, (written..3001).collect::<Vec<_>>());
            assert_eq!(ran.items, written);
        }
    }

    #[test]
    fn a_stop_after_the_reading_ended_still_stops_the_run() {
        // the reader pushes everything and ends; the stop comes while batches wait
        let stop = Stop::new();
        let mut out = Vec::new();
        let ran = Engine::new(Jobs::new(2).unwrap())
            .stop_on(stop.clone())
            .run(
                |feed| {
                    for n in 0..3000u64 {
                        let _ = feed.push(n);
                    }
                },
                |i| {
                    std::thread::sleep(std::time::Duration::from_micros(20));
                    i
                },
                |i| {
                    if i == 100 {
                        stop.request(15);
                    }
                    out.push(i);
                },
            );
        assert!(!ran.unworked.is_empty(), "the stop left batches unworked");
        assert!(ran.stopped, "a run cut short says it was stopped");
        let written = out.len() as u64;
        assert_eq!(out, (0..written).collect::<Vec<_>>());
        assert_eq!(ran.unworked, (written..3000).collect::<Vec<_>>());
    }

    #[test]
    fn a_stop_wakes_a_run_that_waits() {
        // The reader waits for its input (here: a channel), the writer for the reader: the
        // stop, requested from another thread, ends the run.
        let stop = Stop::new();
        let (tx, rx) = std::sync::mpsc::channel::<u64>();
        let requester = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                tx.send(1).unwrap();
                std::thread::sleep(std::time::Duration::from_millis(50));
                stop.request(2);
                // the reader ends when its input does
                drop(tx);
            })
        };
        let mut out = Vec::new();
        let ran = Engine::new(Jobs::new(2).unwrap())
            .stop_on(stop.clone())
            .run(
                |feed| {
                    for n in rx {
                        if feed.push(n).is_err() {
                            break;
                        }
                    }
                },
                |i| i,
                |i| out.push(i),
            );
        requester.join().unwrap();
        assert_eq!(out.len() as u64 + ran.unworked.len() as u64, 1);
    }

    #[test]
    fn memory_is_bounded_by_the_room() {
        use std::sync::atomic::AtomicU64;
        // The writer is slow; the reader may run at most `room` batches ahead of it.
        let written = AtomicU64::new(0);
        let ahead = AtomicU64::new(0);
        let engine = Engine::new(Jobs::new(2).unwrap())
            .batches(10, 10)
            .in_flight(4);
        engine.run(
            |feed| {
                for i in 0..2000u64 {
                    let w = written.load(Ordering::SeqCst);
                    ahead.fetch_max(i - w.min(i), Ordering::SeqCst);
                    let _ = feed.push(i);
                }
            },
            |i| i,
            |_| {
                std::thread::sleep(std::time::Duration::from_micros(20));
                written.fetch_add(1, Ordering::SeqCst);
            },
        );
        // 4 batches of 10 handed on, one being filled, one taken from the writer's view
        assert!(ahead.load(Ordering::SeqCst) <= 60, "{ahead:?}");
    }

    #[test]
    fn the_calling_thread_works_too_and_jobs_threads_work_in_all() {
        use std::collections::HashSet;
        let here = std::thread::current().id();
        for jobs in [2, 3] {
            let threads = Mutex::new(HashSet::new());
            let mut out = Vec::new();
            Engine::new(Jobs::new(jobs).unwrap()).batches(4, 4).run(
                |feed| {
                    for i in 0..2_000u64 {
                        let _ = feed.push(i);
                    }
                },
                |i| {
                    // slow enough that every thread gets batches
                    std::thread::sleep(std::time::Duration::from_micros(50));
                    lock(&threads).insert(std::thread::current().id());
                    i
                },
                |i| out.push(i),
            );
            let threads = threads.into_inner().unwrap();
            assert!(
                threads.contains(&here),
                "{jobs} jobs: the calling thread worked"
            );
            assert_eq!(threads.len(), jobs, "{jobs} jobs: {threads:?}");
            assert_eq!(out, (0..2_000).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_slow_item_lets_the_other_workers_go_on() {
        use std::sync::atomic::AtomicU64;
        let done = AtomicU64::new(0);
        let mut seen_by_slow = 0;
        let mut out = Vec::new();
        Engine::new(Jobs::new(2).unwrap()).run(
            |feed| {
                for i in 0..20_000u64 {
                    let _ = feed.push(i);
                }
            },
            |i| {
                if i == 5 {
                    let t = std::time::Instant::now();
                    while done.load(Ordering::SeqCst) < 5_000 && t.elapsed().as_secs() < 20 {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    return (i, done.load(Ordering::SeqCst));
                }
                done.fetch_add(1, Ordering::SeqCst);
                (i, 0)
            },
            |(i, seen)| {
                seen_by_slow = seen_by_slow.max(seen);
                out.push(i);
            },
        );
        assert!(seen_by_slow >= 5_000, "{seen_by_slow}");
        assert_eq!(out, (0..20_000).collect::<Vec<_>>());
    }

    #[test]
    fn a_panic_anywhere_ends_the_run_with_that_panic() {
        for (jobs, part) in [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 1)] {
            let result = std::panic::catch_unwind(|| {
                Engine::new(Jobs::new(jobs).unwrap()).run(
                    |feed| {
                        for i in 0..50_000u64 {
                            assert!(part != 0 || i < 3_000, "reader gives up");
                            if feed.push(i).is_err() {
                                return;
                            }
                        }
                    },
                    |i| {
                        assert!(part != 1 || i < 7_000, "worker gives up");
                        i
                    },
                    |i| assert!(part != 2 || i < 5_000, "writer gives up"),
                )
            });
            let payload = result.expect_err("the run panicked");
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let expected = ["reader gives up", "worker gives up", "writer gives up"][part];
            assert_eq!(text, expected, "{jobs} jobs");
        }
    }
}
