//! Work on all cores, results in input order: the one home of the
//! parallelism of `check DIR` and `event`.
//!
//! The calling thread and one worker per other core each take the next
//! item as soon as they have finished one (a slow file holds up no core).
//! Between its own items the calling thread hands the results on in input
//! order, each as soon as it and every one before it are done, so that no
//! more threads run than there are cores. At most [`WINDOW`] results wait
//! for an earlier one, which bounds memory when one file takes long.

use std::collections::VecDeque;
use std::sync::{mpsc, Condvar, Mutex};

/// Items per thread below which another thread is not worth starting.
pub const ITEMS_PER_THREAD: usize = 16;

/// The most items taken beyond the last one handed on.
pub const WINDOW: usize = 512;

/// What the workers share: the items not yet taken, how many were taken,
/// how many were handed on, and whether to stop.
struct Queue<I> {
    items: I,
    taken: usize,
    handed: usize,
    stop: bool,
}

/// Runs `f` on every item, on up to all cores, and hands each result to
/// `sink` in input order. Stops at the first error of `sink` and returns
/// it (the workers finish the item they hold, and take no other). Few
/// items run on the calling thread. A panic in `f` is raised again here,
/// unchanged.
pub fn ordered<T: Send, R: Send, E>(
    items: impl IntoIterator<Item = T, IntoIter: ExactSizeIterator + Send>,
    f: impl Fn(T) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    let items = items.into_iter();
    let threads = threads_for(items.len());
    if threads == 1 {
        return items.into_iter().try_for_each(|item| sink(f(item)));
    }
    let queue = Mutex::new(Queue {
        items,
        taken: 0,
        handed: 0,
        stop: false,
    });
    let room = Condvar::new();
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let (queue, room, f) = (&queue, &room, &f);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads)
            .map(|_| {
                let tx = tx.clone();
                scope.spawn(move || work(queue, room, f, tx))
            })
            .collect();
        drop(tx);
        let result = lead(&rx, queue, room, f, &mut sink);
        if result.is_err() {
            stop(queue, room);
        }
        // Results still sent after an error are dropped with the channel.
        drop(rx);
        for w in workers {
            if let Err(panic) = w.join() {
                std::panic::resume_unwind(panic);
            }
        }
        result
    })
}

/// `items.map(f)` on up to all cores, in order.
pub fn par_map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let mut out = Vec::with_capacity(items.len());
    let done: Result<(), std::convert::Infallible> = ordered(items, f, |r| {
        out.push(r);
        Ok(())
    });
    match done {
        Ok(()) => out,
        Err(never) => match never {},
    }
}

/// How many threads `n` items are worth.
fn threads_for(n: usize) -> usize {
    // Asking for the cores reads the cgroup limits: not for one file.
    if n < 2 * ITEMS_PER_THREAD {
        return 1;
    }
    cores().min(n / ITEMS_PER_THREAD).max(1)
}

/// The cores this process may run on (reads the cgroup limits).
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A worker: takes the next item while it is within the window, sends
/// its result with its index.
fn work<T, R, I: Iterator<Item = T>>(
    queue: &Mutex<Queue<I>>,
    room: &Condvar,
    f: &(impl Fn(T) -> R + Sync),
    tx: mpsc::Sender<(usize, R)>,
) {
    // A panic in `f` stops the others too: its result never comes, and
    // the calling thread would wait for it.
    let _guard = StopOnPanic { queue, room };
    loop {
        let (index, item) = {
            let mut q = lock(queue);
            while !q.stop && q.taken >= q.handed + WINDOW {
                q = room.wait(q).unwrap_or_else(|e| e.into_inner());
            }
            if q.stop {
                return;
            }
            let Some(item) = q.items.next() else {
                return;
            };
            q.taken += 1;
            (q.taken - 1, item)
        };
        if tx.send((index, f(item))).is_err() {
            return;
        }
    }
}

/// The calling thread: works on items as the workers do and, between
/// them, puts the results back in order and hands each on when all
/// before it are; once there is no item it may take, it waits for the
/// workers' results.
fn lead<T, R, E, I: Iterator<Item = T>>(
    rx: &mpsc::Receiver<(usize, R)>,
    queue: &Mutex<Queue<I>>,
    room: &Condvar,
    f: &(impl Fn(T) -> R + Sync),
    sink: &mut impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    // A panic here must not leave the workers waiting for room.
    let _guard = StopOnPanic { queue, room };
    let mut order = Order {
        waiting: VecDeque::new(),
        handed: 0,
    };
    loop {
        while let Ok((index, r)) = rx.try_recv() {
            order.put(index, r);
        }
        order.hand_on(queue, room, sink)?;
        let next = {
            let mut q = lock(queue);
            if q.stop || q.taken >= q.handed + WINDOW {
                None
            } else {
                q.items.next().map(|item| {
                    q.taken += 1;
                    (q.taken - 1, item)
                })
            }
        };
        match next {
            Some((index, item)) => order.put(index, f(item)),
            // No item to take (none left, or the window is full): what is
            // left comes from the workers.
            None => match rx.recv() {
                Ok((index, r)) => order.put(index, r),
                Err(_) => return order.hand_on(queue, room, sink),
            },
        }
    }
}

/// Results put back in input order.
struct Order<R> {
    /// `waiting[k]`: the result of item `handed + k`, once done.
    waiting: VecDeque<Option<R>>,
    /// How many were handed on.
    handed: usize,
}

impl<R> Order<R> {
    fn put(&mut self, index: usize, r: R) {
        let k = index - self.handed;
        if self.waiting.len() <= k {
            self.waiting.resize_with(k + 1, || None);
        }
        self.waiting[k] = Some(r);
    }

    /// Hands on every result whose predecessors all were, and makes room
    /// in the window for as many more items.
    fn hand_on<E, I>(
        &mut self,
        queue: &Mutex<Queue<I>>,
        room: &Condvar,
        sink: &mut impl FnMut(R) -> Result<(), E>,
    ) -> Result<(), E> {
        let before = self.handed;
        while let Some(Some(_)) = self.waiting.front() {
            if let Some(Some(r)) = self.waiting.pop_front() {
                sink(r)?;
                self.handed += 1;
            }
        }
        if self.handed > before {
            lock(queue).handed = self.handed;
            room.notify_all();
        }
        Ok(())
    }
}

/// Stops the work when dropped by a panic.
struct StopOnPanic<'a, I> {
    queue: &'a Mutex<Queue<I>>,
    room: &'a Condvar,
}

impl<I> Drop for StopOnPanic<'_, I> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            stop(self.queue, self.room);
        }
    }
}

/// Tells the workers to take no other item.
fn stop<I>(queue: &Mutex<Queue<I>>, room: &Condvar) {
    lock(queue).stop = true;
    room.notify_all();
}

/// The queue, locked: no code panics while holding it, and a poisoned
/// lock still holds consistent counts.
fn lock<I>(queue: &Mutex<Queue<I>>) -> std::sync::MutexGuard<'_, Queue<I>> {
    queue.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn par_map_keeps_order() {
        let out = par_map((0..1000).collect(), |i: i32| i * 2);
        assert_eq!(out, (0..1000).map(|i| i * 2).collect::<Vec<_>>());
        assert_eq!(par_map(Vec::<i32>::new(), |i| i), Vec::<i32>::new());
        assert_eq!(par_map(vec![7], |i: i32| i + 1), vec![8]);
    }

    /// Uneven work (every 97th item slow) still comes out in order, and
    /// the items taken never run more than the window ahead of the ones
    /// handed on.
    #[test]
    fn uneven_work_comes_out_in_order_within_the_window() {
        let n = 3 * WINDOW + 5;
        let handed = AtomicUsize::new(0);
        let ahead = AtomicUsize::new(0);
        let mut out = Vec::new();
        let done: Result<(), ()> = ordered(
            (0..n).collect::<Vec<_>>(),
            |i: usize| {
                let gap = i.saturating_sub(handed.load(Ordering::SeqCst));
                ahead.fetch_max(gap, Ordering::SeqCst);
                if i.is_multiple_of(97) {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                i
            },
            |i| {
                out.push(i);
                handed.store(out.len(), Ordering::SeqCst);
                Ok(())
            },
        );
        assert_eq!(done, Ok(()));
        assert_eq!(out, (0..n).collect::<Vec<_>>());
        assert!(ahead.load(Ordering::SeqCst) < WINDOW, "{ahead:?}");
    }

    /// The first error of the sink stops the work and is returned; what
    /// was handed on before it is all in order.
    #[test]
    fn the_first_error_of_the_sink_stops() {
        let calls = AtomicUsize::new(0);
        let mut out = Vec::new();
        let done = ordered(
            (0..10 * WINDOW).collect::<Vec<_>>(),
            |i: usize| {
                calls.fetch_add(1, Ordering::SeqCst);
                i
            },
            |i| {
                if i == 100 {
                    return Err(format!("stop at {i}"));
                }
                out.push(i);
                Ok(())
            },
        );
        assert_eq!(done, Err("stop at 100".to_string()));
        assert_eq!(out, (0..100).collect::<Vec<_>>());
        // Nothing was taken beyond the window of the last item handed on
        // (and one in the hands of each worker).
        assert!(calls.load(Ordering::SeqCst) <= 100 + WINDOW + 64);
    }

    /// Whichever thread meets a panic (here every thread meets one,
    /// the calling one too), it is raised here, and nothing waits forever.
    #[test]
    #[should_panic(expected = "is bad")]
    fn a_panic_of_any_thread_is_raised() {
        par_map((0..10 * WINDOW).collect(), |i: usize| {
            if i >= 40 {
                panic!("item {i} is bad");
            }
            i
        });
    }

    #[test]
    #[should_panic(expected = "item 40 is bad")]
    fn a_panic_of_a_worker_is_raised_unchanged() {
        par_map((0..100).collect(), |i: usize| {
            if i == 40 {
                panic!("item {i} is bad");
            }
            i
        });
    }
}
