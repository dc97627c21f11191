/* NetHack 3.6	flankhist.c	NetHack Flanking: a game's settings across restores */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * A game saved under one set of flanking settings may be restored after
 * the system administrator changed them.  The game keeps, in its save:
 *
 *  - the settings it was last played under, the number of times they
 *    changed at a restore, and the blows flanking changed that hit the
 *    hero and that the hero landed (the xlogfile's flanktaken= and
 *    flankdealt=): in u.uspare1, a field of vanilla's struct you that
 *    vanilla never uses and keeps 0, so that the save's layout is
 *    vanilla's whatever it holds;
 *  - each change (its turn, the settings before and after), the last
 *    FLANK_HIST_MAX of them: after the message history, written and
 *    read only when the game's settings changed at least once
 *    (flank_save_history(), flank_rest_history(), patch 0051).
 *
 * A game played with flanking off throughout (FLANKING=0: every
 * setting off) holds 0 in u.uspare1 and writes nothing more: its save is
 * vanilla's, byte for byte as far as flanking goes, and a vanilla save
 * reads as a game played with flanking off.  Only facts: nothing here
 * draws a random number (FLANKING-DECISIONS.md, "The player's view").
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include <limits.h>

/* u.uspare1, as an unsigned long: the settings (17 bits: 0 for flanking
   off, else the percent, 1..FLANK_PERCENT_MAX in 10 bits, the rule set's
   id in 5, FLANKING_AI and FLANKING_RANGED a bit each), the changes
   (7 bits, at most 127), and with a 64-bit long the two counts (20 bits
   each, at most 1,048,575) */
#define REC_KEY_BITS 17
#define REC_KEY_MASK ((1UL << REC_KEY_BITS) - 1UL)
#define REC_CHG_SHIFT 17
#define REC_CHG_MAX 127UL
#define REC_CNT_MAX ((1UL << 20) - 1UL)
#define REC_TAKEN_SHIFT 24
#define REC_DEALT_SHIFT 44
#if defined(LONG_MAX) && (LONG_MAX > 2147483647L)
#define REC_COUNTS_SAVED 1
#else
#define REC_COUNTS_SAVED 0 /* a 32-bit long: the counts are this process's */
static unsigned long rec_taken = 0UL, rec_dealt = 0UL;
#endif

#define rec_get() ((unsigned long) u.uspare1)
#define rec_set(v) (u.uspare1 = (long) (v))
#define rec_field(shift, max) ((rec_get() >> (shift)) & (max))

/* the changes kept (the last FLANK_HIST_MAX), oldest first */
#define FLANK_HIST_MAX 16
struct flank_hist_entry {
    long turn;           /* moves, at the restore that changed them */
    unsigned long keys;  /* the settings before, and after << 17 */
};
static struct flank_hist_entry flank_hist[FLANK_HIST_MAX];

STATIC_DCL unsigned long NDECL(flank_settings_key);
STATIC_DCL char *FDECL(flank_key_words, (unsigned long, char *));
STATIC_DCL int NDECL(flank_hist_kept);
STATIC_DCL void FDECL(rec_put, (int, unsigned long, unsigned long));

/* the settings in force as a key: 0 when flanking is off (FLANKING=0:
   nothing else counts then) */
STATIC_OVL unsigned long
flank_settings_key()
{
    if (flank_cfg.percent <= 0)
        return 0UL;
    return ((unsigned long) flank_cfg.percent & 0x3FFUL)
           | (((unsigned long) flank_cfg.rules & 0x1FUL) << 10)
           | (flank_cfg.ai ? (1UL << 15) : 0UL)
           | (flank_cfg.ranged ? (1UL << 16) : 0UL);
}

/* a key in words, by sysconf's names, into buf (BUFSZ): "dnd
   (FLANKING=100%, FLANKING_AI=1, FLANKING_RANGED=0)", or "flanking off
   (FLANKING=0)"; a key read from a save is printed, never an index */
STATIC_OVL char *
flank_key_words(key, buf)
unsigned long key;
char *buf;
{
    const char *name;

    if (!(key & 0x3FFUL)) {
        Strcpy(buf, "flanking off (FLANKING=0)");
        return buf;
    }
    name = flank_rules_name((int32_t) ((key >> 10) & 0x1FUL));
    Sprintf(buf, "%s (FLANKING=%lu%%, FLANKING_AI=%d, FLANKING_RANGED=%d)",
            name ? name : "an unknown rule set", key & 0x3FFUL,
            (key & (1UL << 15)) ? 1 : 0, (key & (1UL << 16)) ? 1 : 0);
    return buf;
}

/* one field of the record set to v (clamped to max) */
STATIC_OVL void
rec_put(shift, max, v)
int shift;
unsigned long max, v;
{
    unsigned long r = rec_get();

    if (v > max)
        v = max;
    r &= ~(max << shift);
    r |= v << shift;
    rec_set(r);
}

/* how many changes flank_hist[] holds */
STATIC_OVL int
flank_hist_kept()
{
    unsigned long n = rec_field(REC_CHG_SHIFT, REC_CHG_MAX);

    return (int) min(n, (unsigned long) FLANK_HIST_MAX);
}

/*
 * At a game's start (welcome(), after flank_welcome()'s line): a new game
 * records the settings it starts under; a restored one compares them
 * with those it was last played under and, when they differ, says both,
 * counts the change and keeps it with its turn.
 */
void
flank_settings_start(new_game)
boolean new_game;
{
    unsigned long was = rec_get() & REC_KEY_MASK, now = flank_settings_key();
    char b1[BUFSZ], b2[BUFSZ];
    int n;

    if (new_game) {
#if !REC_COUNTS_SAVED
        rec_taken = rec_dealt = 0UL;
#endif
        rec_put(0, REC_KEY_MASK, now);
        return;
    }
    if (was == now)
        return;
    pline("This game was last played under %s; it plays under %s now.",
          flank_key_words(was, b1), flank_key_words(now, b2));
    n = flank_hist_kept();
    if (n == FLANK_HIST_MAX) { /* the oldest goes */
        (void) memmove((genericptr_t) &flank_hist[0],
                       (genericptr_t) &flank_hist[1],
                       (FLANK_HIST_MAX - 1) * sizeof flank_hist[0]);
        n--;
    }
    flank_hist[n].turn = moves;
    flank_hist[n].keys = was | (now << REC_KEY_BITS);
    rec_put(REC_CHG_SHIFT, REC_CHG_MAX,
            rec_field(REC_CHG_SHIFT, REC_CHG_MAX) + 1UL);
    rec_put(0, REC_KEY_MASK, now);
}

/* how often the settings changed during the game (the xlogfile's
   flankchanges=), at most 127 */
int
flank_settings_changes()
{
    return (int) rec_field(REC_CHG_SHIFT, REC_CHG_MAX);
}

/* savegamestate(), after the message history: the changes kept, when
   there are any (none: nothing written, the save stays vanilla's) */
void
flank_save_history(fd)
int fd;
{
    int n = flank_hist_kept();

    if (n > 0)
        bwrite(fd, (genericptr_t) flank_hist,
               (unsigned) (n * sizeof flank_hist[0]));
}

/* restgamestate(), after the message history: as many as the restored
   record says were written (at most FLANK_HIST_MAX) */
void
flank_rest_history(fd)
int fd;
{
    int n = flank_hist_kept();

    (void) memset((genericptr_t) flank_hist, 0, sizeof flank_hist);
    if (n > 0)
        mread(fd, (genericptr_t) flank_hist,
              (unsigned) (n * sizeof flank_hist[0]));
}

/* the dump log, under its "Flanking:" line: each change with its turn */
void
flank_dump_history()
{
    char buf[BUFSZ * 3], b1[BUFSZ], b2[BUFSZ];
    int i, n = flank_hist_kept(), changes = flank_settings_changes();

    if (!changes)
        return;
    Sprintf(buf, "Flanking settings changed %d time%s during the game, at"
                 " restores:", changes, plur(changes));
    putstr(0, 0, buf);
    if (changes > n) {
        Sprintf(buf, " %d earlier change%s not kept (the last %d are).",
                changes - n, plur(changes - n), FLANK_HIST_MAX);
        putstr(0, 0, buf);
    }
    for (i = 0; i < n; i++) {
        Sprintf(buf, " turn %ld: from %s to %s.", flank_hist[i].turn,
                flank_key_words(flank_hist[i].keys & REC_KEY_MASK, b1),
                flank_key_words((flank_hist[i].keys >> REC_KEY_BITS)
                                    & REC_KEY_MASK, b2));
        putstr(0, 0, buf);
    }
}

/* the record's counts of flanked blows (flankcount.c): one more taken or
   dealt, and how many; for the whole game, across saves and restores */
void
flank_record_blow(taken)
boolean taken;
{
#if REC_COUNTS_SAVED
    if (taken)
        rec_put(REC_TAKEN_SHIFT, REC_CNT_MAX,
                rec_field(REC_TAKEN_SHIFT, REC_CNT_MAX) + 1UL);
    else
        rec_put(REC_DEALT_SHIFT, REC_CNT_MAX,
                rec_field(REC_DEALT_SHIFT, REC_CNT_MAX) + 1UL);
#else
    if (taken)
        rec_taken++;
    else
        rec_dealt++;
#endif
}

long
flank_record_blows(taken)
boolean taken;
{
#if REC_COUNTS_SAVED
    return (long) (taken ? rec_field(REC_TAKEN_SHIFT, REC_CNT_MAX)
                         : rec_field(REC_DEALT_SHIFT, REC_CNT_MAX));
#else
    return (long) (taken ? rec_taken : rec_dealt);
#endif
}

/*flankhist.c*/
