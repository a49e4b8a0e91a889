//! A heap game's size counted layer by layer: the walk's numbers (see
//! [`heap_rule`](super::heap_rule)), in about two fifths of its time on a game at the budget, so
//! that a game just past it is refused sooner.
//!
//! When every move removes at least one counter (octal and subtraction games), a position
//! with c counters left is reached only from positions with more. So the positions are taken a
//! layer at a time, from the most counters down: when a layer's turn comes every move into it
//! has been made, so each of its positions is expanded once, with its final cursor (the walk's
//! device: only paths whose moved heaps never grow are followed; here also, among the moves of
//! equal heaps, only those in list order, see [`count`]). The walk expands a position again
//! whenever a later path raises its cursor, and keeps every name seen in one table, whose
//! look-ups at 4,000,000 positions mostly miss the cache; here a layer's table holds that
//! layer's names only (for 0.4 with heaps 21,21,21,21, at most 264,000 of its 2,279,075), and
//! the layer is dropped once expanded.
//!
//! Measured on the project's 2-core machine (0.4 with heaps 21,21,21,21: 24.6 million look-ups
//! for 40 million moves), the time went mostly to look-ups, not to expanding: comparing every
//! name of a table's bucket without a branch per name (`NameTable::raise_or_put`) took the
//! look-ups from 0.65 to 0.43 s; splitting each layer's table sixteen ways by the names' low
//! bits, so that each part fits the core's cache while its moves wait in a list, made no
//! difference and was dropped.
//!
//! A position's moves are counted when it is found, not when it is expanded: every position
//! found is one of the game's, so the moves of those found bound the game's from below, and a
//! game past the budget of moves (the usual way such games pass it) is refused a layer or more
//! sooner. 0.004 with five heaps of 32 passes it with 65 MB of the process in use; counting at
//! expansion, they would have needed 285 MB and were left to the walk after 0.6 s (2.6–2.8 s
//! in all, now 0.3 s).
//!
//! Where the machine has two threads, a layer of 4,096 positions or more is expanded on one
//! while the other looks its moves up, in the order one thread would (so with the same result,
//! to the moves found when the budget is passed): the two halves are about 2:3 of the work, so
//! the count takes about 0.7 of its time when a core is free (0.4 with heaps 21,21,21,21:
//! 0.84–1.01 s against 1.35–1.37 s, on a slow day) and the same CPU time. With the other core
//! busy it gains nothing and loses little (docs/performance.md).
//!
//! A position's name is the walk's (the sum of its heaps' 64-bit names), so the two count the
//! same set of names (`tests` check every one- and two-digit code against the walk); its heaps
//! are kept as runs of equal heaps, four bytes a run, only while its layer is pending. Rules
//! with a move that removes nothing (Grundy's game, Lasker's Nim), games of more than 2^16 − 1
//! counters, and layers that would hold more than [`MAX_LIVE_BYTES`] are left to the walk.

use std::collections::BinaryHeap;

use super::heap_names::{Name, NameTable};
use crate::budget::Limits;
use crate::combinatorics::U64Map;

/// The most bytes the pending layers may hold (tables, names and heaps, by their capacity)
/// before the count is left to the walk: about the walk's own at the budget (its table alone is
/// 68 MB). At 64 MB, 0.04 with five heaps of 21 was left to the walk after 1.2 s of counting
/// (3.7 s in all); it needs 78 MB of the process at most and is refused in 1.0 s.
const MAX_LIVE_BYTES: usize = 96 << 20;

/// The most moves kept listed over all heap sizes (24 bytes each); a heap's moves past them are
/// listed again each time they are needed.
const MAX_LISTED: usize = 1 << 18;

/// Moves looked up together: the lines of their tables are asked for before any is read, as
/// the walk's are.
const BATCH: usize = 64;

/// How far ahead of the position being expanded its layer's table is asked for the line of a
/// position's cursor.
const AHEAD: usize = 16;

/// The positions a layer needs before it is expanded on a second thread while this one looks
/// its moves up (see [`pipelined`]): below it, a thread costs more than it saves.
const PIPELINE_FROM: usize = 1 << 12;

/// Moves handed from the expanding thread to the looking-up one at a time, and the most such
/// chunks in flight (64 KB each: below the size the allocator maps and unmaps afresh each time).
const CHUNK: usize = 1 << 11;
const CHUNKS: usize = 16;

/// What [`count`] found.
#[derive(Debug, PartialEq)]
pub(super) enum Counted {
    /// Every position expanded: the positions and the moves.
    All { positions: u64, moves: u64 },
    /// More positions or moves than `limits` allow: those seen so far, one of them past it.
    Passed { positions: u64, moves: u64 },
    /// Not counted here: the walk must (see the module doc).
    Left,
}

const NO_MOVE: Move = Move { name: 0, slot: 0, parent: 0, cursor: 0, take: 0, h: 0, a: 0, b: 0 };

/// A heap size and how many heaps of it a position has.
type Run = [u16; 2];

/// The positions with one number of counters left, as they are found: each name in a table with
/// its cursor (raised in place as the position is reached again), and in the order found with
/// its heaps as runs of equal heaps, the largest first: `runs[starts[i]..starts[i + 1]]`.
struct Layer {
    seen: NameTable<u64>,
    starts: Vec<u32>,
    runs: Vec<Run>,
    names: Vec<u64>,
}

impl Layer {
    fn new(max_positions: u64) -> Layer {
        Layer { seen: NameTable::new(max_positions), starts: vec![0], runs: Vec::new(), names: Vec::new() }
    }

    /// Empties the layer for one expected to hold about `names` positions.
    fn clear(&mut self, names: u64) {
        self.seen.clear(names);
        self.names.clear();
        self.starts.truncate(1);
        self.runs.clear();
    }

    fn bytes(&self) -> usize {
        self.seen.bytes() + self.names.capacity() * 8 + (self.starts.capacity() + self.runs.capacity()) * 4
    }

    fn runs(&self, i: usize) -> &[Run] {
        &self.runs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// The layers pending, by counters left (the most first), and spare ones.
struct Layers {
    pool: Vec<Layer>,
    free: Vec<usize>,
    slot_of: U64Map<usize>,
    pending: BinaryHeap<u64>,
    max_positions: u64,
    /// The layer being expanded, the slots of the layers below it that its moves reach by the
    /// counters removed (`u32::MAX`: not looked up yet), and the removals looked up.
    near: (u64, Vec<u32>, Vec<usize>),
}

impl Layers {
    /// The slot of the layer with `counters` left, opened if none is pending (its table sized
    /// for `expected` positions: layers next to each other are of similar sizes).
    fn slot(&mut self, counters: u64, expected: usize) -> usize {
        if let Some(&slot) = self.slot_of.get(&counters) {
            return slot;
        }
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                self.pool.push(Layer::new(self.max_positions));
                self.pool.len() - 1
            }
        };
        self.pool[slot].clear(expected as u64);
        self.slot_of.insert(counters, slot);
        self.pending.push(counters);
        slot
    }

    /// The slot of the layer `take` counters below `counters` (the layer being expanded),
    /// remembered while that layer is expanded.
    #[inline]
    fn below(&mut self, counters: u64, take: u64, expected: usize) -> u32 {
        let (at, slots, seen) = &mut self.near;
        if *at != counters {
            *at = counters;
            seen.drain(..).for_each(|t| slots[t] = u32::MAX);
        }
        let t = take as usize; // at most the largest heap, below 2^16
        if t >= slots.len() {
            slots.resize(t + 1, u32::MAX);
        }
        if slots[t] != u32::MAX {
            return slots[t];
        }
        let slot = self.slot(counters - take, expected) as u32;
        self.near.1[t] = slot;
        self.near.2.push(t);
        slot
    }

    fn bytes(&self) -> usize {
        self.pool.iter().map(Layer::bytes).sum()
    }
}

/// A move to look up: the name it reaches, the counters it removes and the slot of the layer
/// that leaves (filled in by [`consume`]), the position moved from, the cursor it gives, the
/// heap moved and the heaps it leaves (0: none).
#[derive(Clone, Copy)]
struct Move {
    name: u64,
    slot: u32,
    parent: u32,
    cursor: u32,
    take: u16,
    h: u16,
    a: u16,
    b: u16,
}

/// The positions found so far, the moves from them, and the most allowed of each.
struct Found {
    positions: u64,
    moves: u64,
    most: u64,
    most_moves: u64,
}

/// How a batch of look-ups ended.
enum Looked {
    Fine,
    Passed,
    Left,
}

/// Where the moves of the layer being expanded go: the layers below it, and the counts.
struct Sink<'s, 'l> {
    layers: &'s mut Layers,
    /// The layer being expanded and its counters.
    from: &'s Layer,
    counters: u64,
    found: &'s mut Found,
    counts: &'s mut MoveCounts<'l>,
}

/// Looks up a batch of moves from the layer being expanded (touching all their lines first); a
/// name new to its layer joins it with its heaps, and its moves are counted at once (every
/// position found is one of the game's, so the moves of those found bound the game's from below,
/// and a game past the budget is refused as soon as they pass it). Stops as soon as more
/// positions or moves than allowed are found, or the layers outgrow [`MAX_LIVE_BYTES`]
/// (checked every 2^12 new positions). The same moves in the same order end the same way,
/// however they were handed over.
fn consume(sink: &mut Sink, batch: &mut [Move]) -> Looked {
    let expected = sink.from.names.len();
    // Moves of one removal come together (and every move of most codes removes the same).
    let (mut take, mut slot) = (u16::MAX, 0);
    for m in batch.iter_mut() {
        if m.take != take {
            (take, slot) = (m.take, sink.layers.below(sink.counters, u64::from(m.take), expected));
        }
        m.slot = slot;
        sink.layers.pool[slot as usize].seen.touch(m.name);
    }
    for m in batch.iter() {
        let into = &mut sink.layers.pool[m.slot as usize];
        if into.seen.raise_or_put(m.name, m.cursor) {
            match add(into, sink.from, m, sink.found, sink.counts) {
                Looked::Fine => {}
                end => return end,
            }
            if sink.found.positions.is_multiple_of(1 << 12)
                && sink.layers.bytes() + sink.from.bytes() > MAX_LIVE_BYTES
            {
                return Looked::Left;
            }
        }
    }
    Looked::Fine
}

/// Adds the position `m` reaches, new to its layer `into`, and counts its moves (out of line:
/// most look-ups find a position already found).
#[inline(never)]
fn add(into: &mut Layer, from: &Layer, m: &Move, found: &mut Found, counts: &mut MoveCounts) -> Looked {
    found.positions += 1;
    if found.positions > found.most {
        return Looked::Passed;
    }
    into.names.push(m.name);
    let start = into.runs.len();
    moved(from.runs(m.parent as usize), m.h, m.a, m.b, &mut into.runs);
    into.starts.push(into.runs.len() as u32);
    for &[h, _] in &into.runs[start..] {
        let Some(n) = counts.of(h) else { return Looked::Left };
        found.moves += n;
    }
    if found.moves > found.most_moves {
        return Looked::Passed;
    }
    Looked::Fine
}

/// Calls `emit` with each move the positions of `layer` are expanded by (their cursors allow),
/// in order, until it returns false.
fn expand(layer: &Layer, lists: &mut impl MovesOf, heap_names: &[u64], emit: &mut impl FnMut(Move) -> bool) {
    for i in 0..layer.names.len() {
        let runs = layer.runs(i);
        let name = layer.names[i];
        if let Some(&ahead) = layer.names.get(i + AHEAD) {
            layer.seen.touch(ahead);
        }
        let (top, first) = unpack(layer.seen.get(name).expect("a layer's names are in its table"));
        for &[h, _] in runs.iter().skip_while(|&&[h, _]| h > top) {
            let listed = lists.moves_of(h);
            let less = name.minus(heap_names[usize::from(h)]);
            let from = if h == top { first } else { 0 };
            let mut cursor = pack(h, from);
            for m in listed.iter().skip(from) {
                // A removal is at most the heap, below 2^16.
                let take = m.take as u16;
                if !emit(Move {
                    name: less.plus(m.name),
                    slot: 0,
                    parent: i as u32,
                    cursor,
                    take,
                    h,
                    a: m.a,
                    b: m.b,
                }) {
                    return;
                }
                // pack(h, j + 1): the move index saturates at 2^16 − 1.
                cursor -= u32::from(cursor & 0xFFFF != 0);
            }
        }
    }
}

/// Expands `layer` on a second thread while this one looks its moves up, in the same order as
/// on one thread (so with the same result). Expanding is about two fifths of the work, the
/// look-ups (with the new positions' runs and moves) the rest. The moves cross in chunks
/// ([`Pipe`]); when the look-ups stop early, the expanding thread's next hand-over fails and
/// it stops too.
fn pipelined(layer: &Layer, lists: Kept, heap_names: &[u64], sink: &mut Sink) -> Looked {
    let pipe = Pipe::default();
    std::thread::scope(|s| {
        let pipe = &pipe;
        s.spawn(move || {
            // Finishes the pipe however this thread leaves, so that the other never waits for it.
            let _finishing = Ending(pipe, End::Finished);
            let mut lists = lists;
            let mut chunk = Vec::with_capacity(CHUNK);
            expand(layer, &mut lists, heap_names, &mut |m| {
                chunk.push(m);
                chunk.len() < CHUNK || pipe.send(&mut chunk)
            });
            // Refused (and dropped) when the looking-up thread has stopped.
            pipe.send(&mut chunk);
        });
        // Closes the pipe however this thread leaves, likewise.
        let _closing = Ending(pipe, End::Closed);
        while let Some(mut chunk) = pipe.receive() {
            for batch in chunk.chunks_mut(BATCH) {
                match consume(sink, batch) {
                    Looked::Fine => {}
                    end => return end,
                }
            }
            pipe.recycle(chunk);
        }
        Looked::Fine
    })
}

/// The chunks of moves from the expanding thread to the looking-up one, in order, and the
/// emptied ones back. The look-ups are the slower half, so the queue is mostly full: waking
/// the expanding thread each time a chunk is taken (as a bounded channel does) cost the
/// looking-up thread a system call a chunk (5–8% of its samples in the kernel's wake-up path).
/// It is woken only once the queue is down to half.
#[derive(Default)]
struct Pipe {
    state: std::sync::Mutex<PipeState>,
    filled: std::sync::Condvar,
    emptied: std::sync::Condvar,
}

#[derive(Default)]
struct PipeState {
    chunks: std::collections::VecDeque<Vec<Move>>,
    spare: Vec<Vec<Move>>,
    /// The expanding thread sent its last chunk.
    finished: bool,
    /// The looking-up thread takes no more.
    closed: bool,
    sender_waits: bool,
    receiver_waits: bool,
}

impl Pipe {
    fn lock(&self) -> std::sync::MutexGuard<'_, PipeState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hands `chunk` over (replacing it with an empty one), waiting while [`CHUNKS`] are queued;
    /// false when the looking-up thread has stopped.
    fn send(&self, chunk: &mut Vec<Move>) -> bool {
        let mut st = self.lock();
        while st.chunks.len() >= CHUNKS && !st.closed {
            st.sender_waits = true;
            st = self.emptied.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        if st.closed {
            return false;
        }
        let empty = st.spare.pop().unwrap_or_else(|| Vec::with_capacity(CHUNK));
        st.chunks.push_back(std::mem::replace(chunk, empty));
        if std::mem::take(&mut st.receiver_waits) {
            self.filled.notify_one();
        }
        true
    }

    /// The next chunk, or None once the expanding thread has finished and all are taken.
    fn receive(&self) -> Option<Vec<Move>> {
        let mut st = self.lock();
        loop {
            if let Some(chunk) = st.chunks.pop_front() {
                if st.chunks.len() <= CHUNKS / 2 && std::mem::take(&mut st.sender_waits) {
                    self.emptied.notify_one();
                }
                return Some(chunk);
            }
            if st.finished {
                return None;
            }
            st.receiver_waits = true;
            st = self.filled.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn recycle(&self, mut chunk: Vec<Move>) {
        chunk.clear();
        self.lock().spare.push(chunk);
    }
}

/// Which side of a [`Pipe`] has stopped.
enum End {
    /// The expanding thread sent its last chunk.
    Finished,
    /// The looking-up thread takes no more.
    Closed,
}

/// Ends a [`Pipe`] on one side when dropped (a panic included), waking the other side.
struct Ending<'a>(&'a Pipe, End);

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        let mut st = self.0.lock();
        match self.1 {
            End::Finished => {
                st.finished = true;
                self.0.filled.notify_one();
            }
            End::Closed => {
                st.closed = true;
                self.0.emptied.notify_one();
            }
        }
    }
}

/// A move from one heap, as the count reads it: the name of what it leaves, the counters it
/// removes and the heaps it leaves (0: none; the larger first).
#[derive(Clone, Copy)]
pub(super) struct HeapMove {
    pub(super) name: u64,
    pub(super) take: u64,
    pub(super) a: u16,
    pub(super) b: u16,
}

/// Calls the visitor with each move from a heap of h, stopping (and returning false) as soon as
/// it returns false: the rule's moves, as the count reads them.
pub(super) type ListMoves<'a> = dyn Fn(u16, &mut dyn FnMut(HeapMove) -> bool) -> bool + 'a;

/// Each heap size's moves, listed when first needed.
struct MoveLists<'a> {
    list: &'a ListMoves<'a>,
    at: Vec<Option<(u32, u32)>>,
    moves: Vec<HeapMove>,
    /// The moves of a heap not kept (past [`MAX_LISTED`]), listed again each time.
    again: Vec<HeapMove>,
}

impl MoveLists<'_> {
    /// The moves of a heap of h, or None for a move that removes nothing.
    #[inline]
    fn of(&mut self, h: u16) -> Option<&[HeapMove]> {
        match self.at[h as usize] {
            Some((from, to)) => Some(&self.moves[from as usize..to as usize]),
            None => self.listed(h),
        }
    }

    /// Lists every heap size's moves up to the largest, if they all fit in [`MAX_LISTED`]:
    /// then [`MoveLists::kept`] reads them all.
    fn list_all(&mut self) -> bool {
        (0..self.at.len()).all(|h| {
            if self.at[h].is_none() {
                self.listed(h as u16);
            }
            self.again.is_empty()
        })
    }

    fn kept(&self) -> Kept<'_> {
        Kept { at: &self.at, moves: &self.moves }
    }

    /// Lists the moves of a heap of h, kept while they fit in [`MAX_LISTED`] (a game of large
    /// heaps, such as 0.33…3 with a heap of 65,000, lists more than it has positions; the walk
    /// asks the rule likewise).
    #[inline(never)]
    fn listed(&mut self, h: u16) -> Option<&[HeapMove]> {
        let keep = self.moves.len() < MAX_LISTED;
        let into = if keep { &mut self.moves } else { &mut self.again };
        let from = if keep { into.len() } else { 0 };
        into.truncate(from);
        let all = (self.list)(h, &mut |m| {
            into.push(m);
            m.take > 0
        });
        if !all {
            return None;
        }
        if keep {
            self.at[h as usize] = Some((from as u32, self.moves.len() as u32));
            return Some(&self.moves[from..]);
        }
        Some(&self.again)
    }
}

/// A heap size's moves, as the expansion reads them (none for a rule's move that removes
/// nothing: the count is then left to the walk when such a heap is found).
trait MovesOf {
    fn moves_of(&mut self, h: u16) -> &[HeapMove];
}

impl MovesOf for MoveLists<'_> {
    #[inline]
    fn moves_of(&mut self, h: u16) -> &[HeapMove] {
        self.of(h).unwrap_or_default()
    }
}

/// Every heap size's moves, all kept ([`MoveLists::list_all`]): read without the rule, so from
/// another thread.
#[derive(Clone, Copy)]
struct Kept<'m> {
    at: &'m [Option<(u32, u32)>],
    moves: &'m [HeapMove],
}

impl MovesOf for Kept<'_> {
    #[inline]
    fn moves_of(&mut self, h: u16) -> &[HeapMove] {
        self.at[usize::from(h)].map_or(&[], |(from, to)| &self.moves[from as usize..to as usize])
    }
}

/// How many moves each heap size has, counted from the rule when first asked (apart from
/// [`MoveLists`], which the expansion holds while new positions' moves are counted).
struct MoveCounts<'a> {
    list: &'a ListMoves<'a>,
    /// The count plus one; 0: not counted yet.
    counts: Vec<u64>,
}

impl MoveCounts<'_> {
    /// The moves of a heap of h, or None for a move that removes nothing.
    #[inline]
    fn of(&mut self, h: u16) -> Option<u64> {
        match self.counts[h as usize] {
            0 => self.counted(h),
            known => Some(known - 1),
        }
    }

    #[inline(never)]
    fn counted(&mut self, h: u16) -> Option<u64> {
        let mut n = 0u64;
        if !(self.list)(h, &mut |m| {
            n += 1;
            m.take > 0
        }) {
            return None;
        }
        self.counts[h as usize] = n + 1;
        Some(n)
    }
}

/// The cursor of a position reached by move j of a heap of h: the moves it allows are those of
/// smaller heaps and moves j or later of heaps of h (see [`count`]). Larger cursors allow
/// more, so a position reached several ways keeps the largest. (j past 2^16 − 1 counts as
/// 2^16 − 1: that allows more.)
fn pack(h: u16, j: usize) -> u32 {
    (u32::from(h) << 16) | (0xFFFF - j.min(0xFFFF) as u32)
}

/// The largest heap a cursor allows moves of, and the first of that heap's moves it allows.
fn unpack(cursor: u32) -> (u16, usize) {
    ((cursor >> 16) as u16, 0xFFFF - (cursor & 0xFFFF) as usize)
}

/// Writes into `out` the runs of `runs` with one heap of `h` replaced by heaps of `a` and `b`
/// (0: none; a ≥ b, both below h).
fn moved(runs: &[Run], h: u16, a: u16, b: u16, out: &mut Vec<Run>) {
    let mut adds = [[a, 1], [b, 1]];
    let adds: &mut [Run] = if a == b && a > 0 {
        adds[0][1] = 2;
        &mut adds[..1]
    } else {
        let n = usize::from(a > 0) + usize::from(b > 0);
        &mut adds[..n]
    };
    let mut next = 0;
    for &[size, k] in runs {
        while next < adds.len() && adds[next][0] > size {
            out.push(adds[next]);
            next += 1;
        }
        let mut k = k;
        if next < adds.len() && adds[next][0] == size {
            k += adds[next][1];
            next += 1;
        }
        if size == h {
            k -= 1;
        }
        if k > 0 {
            out.push([size, k]);
        }
    }
    out.extend_from_slice(&adds[next..]);
}

/// Counts the positions and moves reachable from the heaps `root` (non-increasing, none empty)
/// under the moves `list` gives, layer by layer (module doc), stopping as soon as either passes
/// `limits`; [`Counted::Left`] when the walk must.
///
/// **Cursors.** The walk's: a position reached by moving a heap of h tries only the moves of
/// heaps of at most h, and more: of the heaps of h, only the moves listed at or after the one
/// made. Sorting a path by the heap moved (non-increasing) keeps it a path (the walk's
/// argument); the moves of equal heaps are then consecutive and made on heaps that were all
/// there before the first of them (each leaves smaller heaps), so they commute and can be
/// ordered by their place in the list too. Every position is reached by a path so sorted, and
/// each step of it is allowed by the cursor the step before gave.
pub(super) fn count(list: &ListMoves, root: &[u64], limits: &Limits) -> Counted {
    let two_threads = std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
    count_in(list, root, limits, if two_threads { PIPELINE_FROM } else { usize::MAX })
}

/// [`count`], layers of `pipeline_from` positions or more [`pipelined`] (`usize::MAX`: none).
pub(super) fn count_in(list: &ListMoves, root: &[u64], limits: &Limits, pipeline_from: usize) -> Counted {
    let largest = root.first().copied().unwrap_or(0);
    // Heap sizes and the heaps of one size (at most the counters) fit in 16 bits.
    let counters = root.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
    if counters > u64::from(u16::MAX) {
        return Counted::Left;
    }
    if limits.max_positions == 0 {
        return Counted::Passed { positions: 1, moves: 0 };
    }
    let mut lists =
        MoveLists { list, at: vec![None; largest as usize + 1], moves: Vec::new(), again: Vec::new() };
    let mut layers = Layers {
        pool: Vec::new(),
        free: Vec::new(),
        slot_of: U64Map::default(),
        pending: BinaryHeap::new(),
        max_positions: limits.max_positions,
        near: (u64::MAX, Vec::new(), Vec::new()),
    };
    let first = layers.slot(counters, 1);
    {
        let layer = &mut layers.pool[first];
        let name = root.iter().fold(u64::ZERO, |acc, &h| acc.plus(u64::heap(h)));
        layer.seen.raise_or_put(name, u32::MAX);
        layer.names.push(name);
        for equal in root.chunk_by(|x, y| x == y) {
            layer.runs.push([equal[0] as u16, equal.len() as u16]);
        }
        layer.starts.push(layer.runs.len() as u32);
    }
    let mut found =
        Found { positions: 1, moves: 0, most: limits.max_positions, most_moves: limits.max_edges };
    let mut counts = MoveCounts { list, counts: vec![0; largest as usize + 1] };
    for &[h, _] in &layers.pool[first].runs {
        let Some(n) = counts.of(h) else { return Counted::Left };
        found.moves += n;
    }
    let passed = |found: &Found| Counted::Passed { positions: found.positions, moves: found.moves };
    if found.moves > found.most_moves {
        return passed(&found);
    }
    let heap_names: Vec<u64> = (0..=largest).map(u64::heap).collect();
    // Pipelined once a layer is large enough, if every heap size's moves can be kept listed (so
    // the other thread reads them without the rule): decided when the first such layer comes.
    let mut pipelining: Option<bool> = None;
    // The layer being expanded, swapped out of the pool so the layers below it can grow.
    let mut layer = Layer::new(0);
    while let Some(counters) = layers.pending.pop() {
        let slot = layers.slot_of.remove(&counters).expect("a pending layer has a slot");
        std::mem::swap(&mut layers.pool[slot], &mut layer);
        let pipeline =
            layer.names.len() >= pipeline_from && *pipelining.get_or_insert_with(|| lists.list_all());
        let mut sink =
            Sink { layers: &mut layers, from: &layer, counters, found: &mut found, counts: &mut counts };
        let end = if pipeline {
            pipelined(&layer, lists.kept(), &heap_names, &mut sink)
        } else {
            let mut batch = [NO_MOVE; BATCH];
            let (mut batched, mut end) = (0, Looked::Fine);
            expand(&layer, &mut lists, &heap_names, &mut |m| {
                batch[batched] = m;
                batched += 1;
                if batched < BATCH {
                    return true;
                }
                batched = 0;
                end = consume(&mut sink, &mut batch);
                matches!(end, Looked::Fine)
            });
            match end {
                Looked::Fine => consume(&mut sink, &mut batch[..batched]),
                end => end,
            }
        };
        match end {
            Looked::Fine => {}
            Looked::Passed => return passed(&found),
            Looked::Left => return Counted::Left,
        }
        std::mem::swap(&mut layers.pool[slot], &mut layer);
        layers.free.push(slot);
    }
    Counted::All { positions: found.positions, moves: found.moves }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combinatorics::splitmix64;
    use crate::games::grundys_game::SplitUnequal;
    use crate::games::lasker::TakeOrSplit;
    use crate::games::nim::TakeAny;
    use crate::games::octal::OctalCode;
    use crate::sizing::heap_rule::{count_by_layers as count, moves_listed, walk, HeapRule};

    /// The walk's count: Some((positions, moves)), or None when it refuses.
    fn walked(rule: &dyn HeapRule, heaps: &[u64], limits: &Limits) -> Option<(u64, u64)> {
        let mut positions = 0;
        walk::<u64>(rule, heaps, limits, |_, _| positions += 1).ok().map(|(moves, _)| (positions, moves))
    }

    /// The layered count against the walk on one game: the same numbers, or both refusing.
    fn agrees(rule: &dyn HeapRule, heaps: &[u64], limits: &Limits) -> bool {
        match count(rule, heaps, limits) {
            Counted::All { positions, moves } => {
                assert_eq!(walked(rule, heaps, limits), Some((positions, moves)), "{rule:?} {heaps:?}");
                true
            }
            Counted::Passed { positions, moves } => {
                assert!(positions > limits.max_positions || moves > limits.max_edges, "{rule:?} {heaps:?}");
                assert_eq!(walked(rule, heaps, limits), None, "{rule:?} {heaps:?}");
                false
            }
            Counted::Left => panic!("{rule:?} {heaps:?} left to the walk"),
        }
    }

    fn shapes() -> Vec<Vec<u64>> {
        let mut shapes: Vec<Vec<u64>> = (0..=20).map(|n| vec![n]).collect();
        shapes.extend([
            vec![9, 5],
            vec![12, 12, 3],
            vec![7, 7, 7],
            vec![10, 6, 6, 2],
            vec![5; 5],
            vec![8, 1, 1, 1],
        ]);
        shapes
    }

    /// Every one- and two-digit octal code, Nim's rule and a subtraction rule: the count is the
    /// walk's, exactly.
    #[test]
    fn the_count_is_the_walk_s() {
        let mut codes: Vec<String> = (1..8).map(|d| format!("0.{d}")).collect();
        codes.extend((1..64).map(|d| format!("0.{}{}", d / 8, d % 8)));
        let mut rules: Vec<Box<dyn HeapRule>> =
            codes.iter().map(|c| Box::new(OctalCode::parse(c).unwrap()) as Box<dyn HeapRule>).collect();
        rules.push(Box::new(TakeAny));
        let mut counted = 0;
        for rule in &rules {
            for heaps in shapes() {
                counted += usize::from(agrees(rule.as_ref(), &heaps, &Limits::DEFAULT));
            }
        }
        assert!(counted > 1_500, "{counted}");
    }

    /// Random codes of three to six digits on random heaps (a pinned seed), within a budget
    /// small enough that some pass it: both count the same or both refuse.
    #[test]
    fn longer_codes_and_small_budgets_agree_with_the_walk() {
        let limits = Limits { max_positions: 20_000, max_edges: 200_000 };
        let (mut counted, mut refused) = (0, 0);
        let mut state = 7u64;
        let mut next = |n: u64| {
            state = splitmix64(state);
            state % n
        };
        for _ in 0..400 {
            let digits: Vec<u8> = (0..3 + next(4)).map(|_| next(8) as u8).collect();
            let code = OctalCode::from_digits(&digits);
            let heaps: Vec<u64> = (0..1 + next(4)).map(|_| 1 + next(24)).collect();
            if agrees(&code, &heaps, &limits) {
                counted += 1;
            } else {
                refused += 1;
            }
        }
        assert!(counted > 100 && refused > 50, "{counted} counted, {refused} refused");
    }

    /// Rules with a move that removes no counter are the walk's; so are heaps past 16 bits.
    #[test]
    fn what_the_layers_cannot_count_is_left_to_the_walk() {
        for rule in [&SplitUnequal as &dyn HeapRule, &TakeOrSplit] {
            assert!(matches!(count(rule, &[9, 7], &Limits::DEFAULT), Counted::Left), "{rule:?}");
        }
        let kayles = OctalCode::parse("0.77").unwrap();
        assert!(matches!(count(&kayles, &[70_000], &Limits::DEFAULT), Counted::Left));
        assert!(matches!(count(&kayles, &[40_000, 40_000], &Limits::DEFAULT), Counted::Left));
        // Counters past 64 bits (found by the spec fuzz: the sum wrapped to a small one).
        assert!(matches!(count(&kayles, &[u64::MAX - 1, 11], &Limits::DEFAULT), Counted::Left));
        assert!(matches!(count(&kayles, &[1, u64::MAX], &Limits::DEFAULT), Counted::Left));
    }

    /// The games just past the budget that no bound refuses, counted by layers to the budget
    /// (the walk took 2.4–3.1 s on them) without leaving them to the walk. Five heaps of 32
    /// under 0.004 would need 285 MB of layers to expand them all, but the moves of the
    /// positions found pass the budget while the layers are still small.
    #[test]
    fn games_just_past_the_budget_are_refused_by_layers() {
        for (code, heaps) in
            [("0.4", [21; 4].as_slice()), ("0.44", [22; 3].as_slice()), ("0.004", [32; 5].as_slice())]
        {
            let code = OctalCode::parse(code).unwrap();
            match count(&code, heaps, &Limits::DEFAULT) {
                Counted::Passed { moves, .. } => {
                    assert!(moves > Limits::DEFAULT.max_edges, "{code} {heaps:?}")
                }
                _ => panic!("{code} {heaps:?} not refused by layers"),
            }
        }
    }

    /// Expanding on a second thread gives the same count as on one, to the moves found when
    /// the budget is passed: every layer pipelined (or those of 256 positions or more), on games
    /// counted, refused, left to the walk by memory, and with more moves than are kept listed
    /// (then never pipelined).
    #[test]
    fn pipelined_layers_count_the_same() {
        let small = Limits { max_positions: 50_000, max_edges: 400_000 };
        let unbounded = Limits { max_positions: 1 << 40, max_edges: 1 << 40 };
        let long = format!("0.{}", "3".repeat(32));
        for (code, heaps, limits, ends) in [
            ("0.137", [30, 20, 10].as_slice(), Limits::DEFAULT, "All"),
            ("0.4", &[21; 4], small, "Passed"),
            ("0.77", &[40, 39], small, "Passed"),
            ("0.4", &[21; 5], unbounded, "Left"),
            (long.as_str(), &[65_000], Limits::DEFAULT, "All"),
        ] {
            let rule = OctalCode::parse(code).unwrap();
            let list = moves_listed(&rule);
            let one = count_in(&list, heaps, &limits, usize::MAX);
            assert!(format!("{one:?}").starts_with(ends), "{code} {heaps:?} {one:?}");
            for from in [1, 256] {
                assert_eq!(count_in(&list, heaps, &limits, from), one, "{code} {heaps:?} {from}");
            }
        }
    }

    /// The queue between the two threads: every chunk in order, with the sender often waiting
    /// on a full queue; a sender waiting on a full queue is let go when the receiver stops; and a
    /// sender that dies still ends the receiver's wait.
    #[test]
    fn the_pipe_hands_chunks_over_in_order_and_ends_on_either_side() {
        let pipe = Pipe::default();
        let got = std::thread::scope(|s| {
            s.spawn(|| {
                let _finishing = Ending(&pipe, End::Finished);
                for name in 0..1_000 {
                    assert!(pipe.send(&mut vec![Move { name, ..NO_MOVE }]));
                }
            });
            let mut got = Vec::new();
            while let Some(chunk) = pipe.receive() {
                got.extend(chunk.iter().map(|m| m.name));
                pipe.recycle(chunk);
            }
            got
        });
        assert_eq!(got, (0..1_000).collect::<Vec<u64>>());

        let pipe = Pipe::default();
        let sent = std::thread::scope(|s| {
            let sender = s.spawn(|| {
                let _finishing = Ending(&pipe, End::Finished);
                (0..1_000).take_while(|_| pipe.send(&mut vec![NO_MOVE])).count()
            });
            let closing = Ending(&pipe, End::Closed);
            assert!(pipe.receive().is_some());
            drop(closing);
            sender.join().unwrap()
        });
        assert!(sent < 1_000, "{sent}");

        let pipe = Pipe::default();
        let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            std::thread::scope(|s| {
                s.spawn(|| {
                    let _finishing = Ending(&pipe, End::Finished);
                    panic!("the expanding thread failed");
                });
                pipe.receive().is_none()
            })
        }));
        assert!(ended.is_err(), "the scope passes the thread's panic on, after the wait ended");
    }

    /// Large heaps make many layers of a position or two, and more moves than are kept listed
    /// (0.33…3, 32 digits, with a heap of 65,000: 2,080,000 moves of 65,000 heap sizes).
    #[test]
    fn long_chains_of_small_layers_are_counted() {
        let mut code = String::from("0.");
        code.push_str(&"3".repeat(32));
        for (code, heaps) in [(code.as_str(), [65_000].as_slice()), ("0.3", &[65_000]), ("0.2", &[30_000, 3])]
        {
            assert!(agrees(&OctalCode::parse(code).unwrap(), heaps, &Limits::DEFAULT), "{code} {heaps:?}");
        }
    }

    #[test]
    fn a_move_replaces_one_heap_in_the_runs() {
        let mut out = Vec::new();
        moved(&[[9, 1], [5, 2], [2, 1]], 9, 5, 3, &mut out);
        assert_eq!(out, [[5, 3], [3, 1], [2, 1]]);
        out.clear();
        moved(&[[9, 2], [1, 1]], 9, 4, 4, &mut out);
        assert_eq!(out, [[9, 1], [4, 2], [1, 1]]);
        out.clear();
        moved(&[[3, 1]], 3, 0, 0, &mut out);
        assert!(out.is_empty());
    }

    /// Larger cursors allow more: a larger heap, or an earlier move of the same heap.
    #[test]
    fn cursors_order_what_they_allow() {
        assert!(pack(5, 0) > pack(5, 1));
        assert!(pack(6, 70_000) > pack(5, 0));
        assert_eq!(unpack(pack(7, 3)), (7, 3));
        assert_eq!(unpack(u32::MAX), (u16::MAX, 0));
    }
}
