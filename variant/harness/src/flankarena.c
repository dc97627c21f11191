/* NetHack 3.6	flankarena.c	NetHack Flanking: the arena */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * The arena (debug mode only):  nethack --arena FILE --arena-seed=SEED
 *
 * The player's options (NETHACKOPTIONS, ~/.nethackrc) are not read: the
 * fight depends on the scenario, the seed and sysconf alone (unixmain.c).
 * One real fight of an *.arena scenario (arena/README.md), to measure what
 * flanking does to fights.  The scenario is parsed by rust-flanking
 * (flanking.h, "Arena scenarios").  The game starts as the debug fuzzer
 * starts it (--fuzz=SEED: a fixed seed, a stopped clock, a sanity check
 * every turn, impossible() made panic()), with the scenario's role; the
 * level is then emptied and the scenario's map written onto it as the
 * fixture harness writes fixtures (flankfx.c), the hero raised to the
 * scenario's level, and its monsters and pets made by makemon() and
 * tamedog().  From there the game plays itself: monsters move and attack
 * with the game's own AI, and the hero's keys come from a simple policy
 * through the fuzzer's key feed (randomkey() in cmd.c), so every command
 * goes through the game's own command loop:
 *   hold     attack the weakest adjacent foe (F + direction), else search;
 *   retreat  walk to the retreat square first, then hold there;
 *   cross    walk to the exit, attacking only a foe that stands in the way.
 * The fight ends when every hostile monster is dead (won), the hero dies
 * (died), the hero reaches the exit (crossed), or the turn limit passes
 * (timeout).  Then one line goes to the standard output,
 *   arena name=NAME seed=SEED outcome=OUTCOME turns=T hp_start=H
 *         hp_end=H hero_rolls=N hero_hits=N hero_bonus=N foe_rolls=N
 *         foe_hits=N foe_bonus=N
 * counting the to-hit rolls compared with '>' (the hero's melee, monsters'
 * melee and missiles at the hero; flank_decided() reports them all) and
 * the flanking bonus they got, and the game ends without a save, bones or
 * a score.  The same seed, scenario and sysconf replay the same fight.
 * While the arena runs no random monster is generated (allmain.c): the
 * fight is the scenario's alone.
 *
 * With --arena-play the player plays the scenario instead of its policy:
 * the same level, creatures and seed, the clock stopped as for the fuzzer
 * (hacklib.c), no random monster, no bones; but the keys are the
 * player's, the player's options are read (any interface), and the game
 * goes on as a game in debug mode: no fight ends it, and it saves,
 * restores and ends as any does.  The same scenario, seed, options and
 * keys play the same game: the game tests set their scenes with it.
 * A scenario of `policy: player` (a scene: no monster needed, nothing to
 * measure) is played that way only.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "flankfx.h"
#include <sys/stat.h>

#define AR_NDIRS 8 /* xdir[], ydir[] */

STATIC_DCL void FDECL(ar_error, (int, const char *, const char *));
STATIC_DCL void FDECL(ar_load, (const char *));
STATIC_DCL void FDECL(ar_end, (const char *));
STATIC_DCL boolean FDECL(ar_foe, (struct monst *));
STATIC_DCL boolean FDECL(ar_passable, (int, int));
STATIC_DCL boolean FDECL(ar_step_ok, (int, int, int, int));
STATIC_DCL int FDECL(ar_toward, (int, int));
STATIC_DCL void FDECL(ar_push, (int, int));
STATIC_DCL void NDECL(ar_policy);

/* the scenario, as rust-flanking parsed it */
static const char *ar_path = 0; /* --arena FILE, one of main()'s argv[] */
static struct flank_arena_file *ar_file = 0;
static struct flank_arena ar;
static unsigned long ar_seed = 1UL;
static boolean ar_seeded = FALSE;
/* where results go (what was the standard output) */
static FILE *ar_out = 0;
/* the fight: when it began, the hero's hit points then, the policy's goal
   on the level, and whether the hero has reached a retreat square */
static long ar_start = 0L;
static int ar_hp_start = 0, ar_goalx = -1, ar_goaly = -1;
static boolean ar_holding = FALSE, ar_started = FALSE;
/* the blows that roll to hit, by kind: how many rolled, how many hit,
   and the flanking bonus they got */
#define AR_HERO 0    /* the hero's rolls compared with '>' (melee) */
#define AR_FOE 1     /* hostile monsters' at the hero */
#define AR_MISSILE 2 /* the hero's thrown and fired missiles (>=) */
#define AR_KICK 3    /* the hero's kicks (a kicking form's to-hit roll) */
#define AR_SPELL 4   /* the hero's ray spells, which roll (zap_hit()) */
#define AR_PET 5     /* pets' melee at monsters */
#define AR_MVM 6     /* other monsters' melee at monsters */
#define AR_KINDS 7
static long ar_blows[AR_KINDS][3];
STATIC_DCL void FDECL(ar_blow, (int, int, BOOLEAN_P));
/* the policy's keys for the command under way */
static char ar_keys[4];
static int ar_nkeys = 0, ar_next = 0;
/* commands given without the clock moving (a move the game refused) */
static long ar_lastmove = -1L;
static int ar_idle = 0;

/* a scenario error, "FILE:LINE: what `arg`", on stderr; exit status 2 */
STATIC_OVL void
ar_error(line, what, arg)
int line;
const char *what, *arg;
{
    (void) fprintf(stderr, "%s:%d: %s `%s`\n", ar.path ? ar.path : "?", line,
                   what, arg);
    exit(2);
}

/*
 * --arena FILE (unixmain.c): remember the scenario's path, and that the
 * game is the arena's (debug mode, which it implies).  Nothing is read, not
 * even looked at, yet: the game may run setgid, and only a player whom
 * debug mode allows may have it open a file with its rights
 * (flankarena_setup()).
 */
void
flankarena_path(path)
const char *path;
{
    if (ar_path) {
        (void) fprintf(stderr, "%s: --arena takes one scenario file\n",
                       hname);
        exit(2);
    }
    ar_path = path;
    wizard = TRUE, discover = FALSE;
    iflags.flank_arena = TRUE;
}

/*
 * Load the scenario (flankarena_setup(), debug mode allowed); its errors,
 * and a role NetHack does not know, end the game before it starts.
 */
STATIC_OVL void
ar_load(path)
const char *path;
{
    int role, race, i;

    if (!(ar_file = flank_arena_load(path))
        || flank_arena_get(ar_file, &ar) != FLANK_OK) {
        (void) fprintf(stderr, "%s: --arena: cannot load %s\n", hname,
                       path);
        exit(2);
    }
    if (ar.error) {
        (void) fprintf(stderr, "%s\n", ar.error);
        exit(2);
    }
    if ((role = str2role(ar.role)) < 0)
        ar_error((int) ar.role_line, "unknown role", ar.role);
    for (i = 0; i < (int) ar.ncreatures; i++)
        if (name_to_mon(ar.creatures[i].species) < LOW_PM)
            ar_error((int) ar.creatures[i].line, "unknown species",
                     ar.creatures[i].species);
    /* the role's first race, gender and alignment: a human where it may */
    race = validrace(role, str2race("human")) ? str2race("human")
                                                : randrace(role);
    flags.initrole = role;
    flags.initrace = race;
    flags.initgend = validgend(role, race, 1) ? 1 : 0;
    for (i = 0; i < ROLE_ALIGNS; i++)
        if (validalign(role, race, i))
            break;
    flags.initalign = i;
    flags.randomall = 0;
}

/* --arena-play (unixmain.c): the player has the keys */
void
flankarena_play()
{
    iflags.flank_arena_play = TRUE;
}

/*
 * Has the player's name a save file, compressed or not (unixmain.c)?
 * Looked at, not opened: restoring would uncompress it, and one that does
 * not validate would be deleted.
 */
boolean
flankarena_saved()
{
    struct stat st;
    const char *fq;
    char buf[BUFSZ];

    set_savefile_name(TRUE);
    fq = fqname(SAVEF, SAVEPREFIX, 0);
    if (!stat(fq, &st))
        return TRUE;
    /* gzip's, whatever the build compresses with (files.c's own default
       for zlib), and compress's */
    Sprintf(buf, "%.*s.gz", BUFSZ - 4, fq);
    if (!stat(buf, &st))
        return TRUE;
    Sprintf(buf, "%.*s.Z", BUFSZ - 3, fq);
    return (boolean) !stat(buf, &st);
}

/* --arena-seed=SEED (unixmain.c) */
void
flankarena_seed(arg)
const char *arg;
{
    char *end;

    ar_seed = strtoul(arg, &end, 10);
    if (!digit(*arg) || *end) {
        (void) fprintf(stderr, "%s: bad --arena-seed; use --arena-seed=N\n",
                       hname);
        exit(2);
    }
    ar_seeded = TRUE;
}

/*
 * After the command line: debug mode only, checked before the scenario is
 * read; the fuzzer's start with the arena's seed (unixmain.c's fuzz_setup() does the seeding); the game
 * unattended, its results to what was the standard output.
 */
void
flankarena_setup()
{
    if (!wizard || !authorize_wizard_mode()) {
        (void) fprintf(stderr,
                       "%s: --arena is for debug mode only: -D, as a user"
                       " whom sysconf's WIZARDS allows\n", hname);
        exit(EXIT_FAILURE);
    }
    /* debug mode is allowed: now, and only now, read the scenario */
    ar_load(ar_path);
    if (ar.policy == FLANK_ARENA_PLAYER && !iflags.flank_arena_play) {
        (void) fprintf(stderr, "%s: `policy: player` has no policy for the"
                       " arena to play: play it with --arena-play\n",
                       ar.path ? ar.path : ar_path);
        exit(2);
    }
    if (iflags.fuzz_replay || iflags.flank_fixtures) {
        (void) fprintf(stderr, "%s: --arena excludes --fuzz and"
                       " --flank-fixtures\n", hname);
        exit(EXIT_FAILURE);
    }
    if (!ar_seeded) {
        (void) fprintf(stderr, "%s: --arena needs --arena-seed=N\n", hname);
        exit(EXIT_FAILURE);
    }
    if (iflags.flank_arena_play) {
        /* the fuzzer's seeding and clock (getnow()), none of its keys */
        fixed_random(ar_seed);
        flags.bones = FALSE;
        return;
    }
    iflags.fuzz_replay = TRUE;
    iflags.fuzz_seed = ar_seed;
    iflags.fuzz_turns = 0L;
    ar_out = flankfx_unattended("arena");
}

/*
 * The game has started (unixmain.c, before moveloop()): write the
 * scenario onto the level and put the hero and the creatures in place.
 */
void
flankarena_start()
{
    int ox = (COLNO - (int) ar.cols) / 2, oy = (ROWNO - (int) ar.rows) / 2;
    int r, c, i, x, y;
    const char *why;
    struct monst *mtmp;

    flankfx_clear_level();
    if ((why = flankfx_paint_map(ar.map, (int) ar.rows, (int) ar.cols, ox,
                                 oy)) != 0)
        ar_error(1, "cannot build the map:", why);
    /* the arena's own glyphs */
    for (r = 0; r < (int) ar.rows; r++)
        for (c = 0; c < (int) ar.cols; c++) {
            x = ox + c, y = oy + r;
            if (ar.map[r * (int) ar.cols + c] == '*') /* the retreat square */
                levl[x][y].typ = CORR;
        }
    if (ar.goal_row >= 0)
        ar_goalx = ox + ar.goal_col, ar_goaly = oy + ar.goal_row;
    /* the terrain under the hero (hero-on:) */
    x = ox + (int) ar.hero_col, y = oy + (int) ar.hero_row;
    if ((why = flankfx_paint_glyph(x, y, ar.hero_on)) != 0)
        ar_error(1, "cannot build the map:", why);

    /* the hero: the scenario's level, unhurt, not hungry */
    u_on_newpos(ox + (int) ar.hero_col, oy + (int) ar.hero_row);
    while (u.ulevel < (int) ar.level)
        pluslvl(FALSE);
    u.uhp = u.uhpmax;
    u.uen = u.uenmax;
    u.uhunger = 900;
    newuhs(FALSE);

    for (i = 0; i < (int) ar.ncreatures; i++) {
        const struct flank_arena_creature *cr = &ar.creatures[i];

        x = ox + (int) cr->col, y = oy + (int) cr->row;
        mtmp = makemon(&mons[name_to_mon(cr->species)], x, y,
                       MM_NOWAIT | MM_NOCOUNTBIRTH | MM_NOGRP);
        if (!mtmp || mtmp->mx != x || mtmp->my != y)
            ar_error((int) cr->line, "makemon() cannot place", cr->species);
        mtmp->msleeping = 0;
        mtmp->mstrategy &= ~STRAT_WAITMASK;
        if (cr->tame) {
            if (!tamedog(mtmp, (struct obj *) 0))
                ar_error((int) cr->line, "tamedog() refuses", cr->species);
        } else {
            mtmp->mpeaceful = 0;
            set_malign(mtmp);
        }
    }
    vision_full_recalc = 1;
    context.botlx = TRUE;
    /* the player sees the scene's walls, not the old level's: vision's
       tables of what blocks sight are rebuilt (the arena's fights keep the
       old tables, which its trials replay; docs/FLANKING-DECISIONS.md),
       and the screen is drawn anew, without the old level's squares */
    if (iflags.flank_arena_play) {
        vision_reset();
        docrt();
    }
    ar_start = moves;
    ar_hp_start = u.uhp;
    (void) memset((genericptr_t) ar_blows, 0, sizeof ar_blows);
    ar_started = TRUE;
}

/* is mtmp one of the hero's foes: a hostile monster on the level? */
STATIC_OVL boolean
ar_foe(mtmp)
struct monst *mtmp;
{
    return (boolean) (!DEADMONSTER(mtmp) && !mtmp->mtame
                      && !mtmp->mpeaceful);
}

/* the fight is over: the line, and the game ends */
STATIC_OVL void
ar_end(outcome)
const char *outcome;
{
    (void) fprintf(ar_out,
                   "arena name=%s seed=%lu outcome=%s turns=%ld hp_start=%d"
                   " hp_end=%d hero_rolls=%ld hero_hits=%ld hero_bonus=%ld"
                   " foe_rolls=%ld foe_hits=%ld foe_bonus=%ld",
                   ar.name, ar_seed, outcome, moves - ar_start, ar_hp_start,
                   !strcmp(outcome, "died") ? 0 : max(u.uhp, 0),
                   ar_blows[AR_HERO][0], ar_blows[AR_HERO][1],
                   ar_blows[AR_HERO][2], ar_blows[AR_FOE][0],
                   ar_blows[AR_FOE][1], ar_blows[AR_FOE][2]);
    (void) fprintf(ar_out,
                   " missile_rolls=%ld missile_hits=%ld missile_bonus=%ld"
                   " kick_rolls=%ld kick_hits=%ld kick_bonus=%ld"
                   " spell_rolls=%ld spell_hits=%ld"
                   " pet_rolls=%ld pet_hits=%ld pet_bonus=%ld"
                   " mvm_rolls=%ld mvm_hits=%ld mvm_bonus=%ld\n",
                   ar_blows[AR_MISSILE][0], ar_blows[AR_MISSILE][1],
                   ar_blows[AR_MISSILE][2], ar_blows[AR_KICK][0],
                   ar_blows[AR_KICK][1], ar_blows[AR_KICK][2],
                   ar_blows[AR_SPELL][0], ar_blows[AR_SPELL][1],
                   ar_blows[AR_PET][0], ar_blows[AR_PET][1],
                   ar_blows[AR_PET][2], ar_blows[AR_MVM][0],
                   ar_blows[AR_MVM][1], ar_blows[AR_MVM][2]);
    (void) fflush(ar_out);
    /* ar's strings live in the scenario's file: done with both */
    flank_arena_free(ar_file), ar_file = 0;
    program_state.something_worth_saving = 0;
    clearlocks();
    if (iflags.window_inited) {
        exit_nhwindows((char *) 0);
        iflags.window_inited = 0;
    }
    nh_terminate(EXIT_SUCCESS);
}

/* the top of every turn of the move loop (allmain.c): is the fight over? */
void
flankarena_turn()
{
    struct monst *mtmp;

    if (!ar_started || iflags.flank_arena_play)
        return;
    for (mtmp = fmon; mtmp; mtmp = mtmp->nmon)
        if (ar_foe(mtmp))
            break;
    if (!mtmp)
        ar_end("won");
    if (ar.policy == FLANK_ARENA_CROSS && u.ux == ar_goalx
        && u.uy == ar_goaly)
        ar_end("crossed");
    if (moves - ar_start >= (long) ar.turns)
        ar_end("timeout");
}

/* the hero dies (done(), before the fuzzer would brush it off) */
void
flankarena_done(how)
int how;
{
    if (iflags.flank_arena_play)
        return; /* the player's game ends as any game does */
    if (how < PANICKED)
        ar_end("died");
    /* quitting, escaping...: the policy never asks for them */
    (void) fprintf(stderr, "arena: %s, seed %lu: the game ended (how %d)"
                   " without the fight ending\n", ar.name, ar_seed, how);
    program_state.something_worth_saving = 0;
    clearlocks();
    nh_terminate(EXIT_FAILURE);
}

/* one more blow of a kind, once the fight has begun */
STATIC_OVL void
ar_blow(kind, k, hit)
int kind, k;
boolean hit;
{
    if (!ar_started)
        return;
    ar_blows[kind][0]++;
    ar_blows[kind][1] += hit ? 1 : 0;
    ar_blows[kind][2] += k;
}

/* a to-hit roll that reports to flank_decided(): magr on mdef, with
   flanking bonus k; strict, compared with '>' (melee, and monsters'
   missiles at the hero), else with '>=' (the hero's missiles) */
void
flankarena_roll(magr, mdef, k, hit, strict)
struct monst *magr, *mdef;
int k;
boolean hit, strict;
{
    if (magr == &youmonst)
        ar_blow(strict ? AR_HERO : AR_MISSILE, k, hit);
    else if (mdef == &youmonst && magr && ar_foe(magr))
        ar_blow(AR_FOE, k, hit);
}

/* a monster's melee roll at another (mattackm()): a pet's, or another's */
void
flankarena_mm(magr, k, hit)
struct monst *magr;
int k;
boolean hit;
{
    ar_blow(magr->mtame ? AR_PET : AR_MVM, k, hit);
}

/* the hero's kick that rolls to hit (a kicking form's), with bonus k */
void
flankarena_kick(k, hit)
int k;
boolean hit;
{
    ar_blow(AR_KICK, k, hit);
}

/* a ray spell of the hero's that rolled to hit (zap_hit()):
   flanking has no say in it */
void
flankarena_spell(hit)
boolean hit;
{
    ar_blow(AR_SPELL, 0, hit);
}

/*
 * Could the hero walk onto <x,y>, as far as the policy's paths go?  Floor
 * that is no closed door, no boulder, no water or lava and no trap.
 */
STATIC_OVL boolean
ar_passable(x, y)
int x, y;
{
    struct rm *lev;

    if (!isok(x, y))
        return FALSE;
    lev = &levl[x][y];
    return (boolean) (ACCESSIBLE(lev->typ) && !closed_door(x, y)
                      && !sobj_at(BOULDER, x, y) && !is_pool_or_lava(x, y)
                      && !t_at(x, y));
}

/* a step from <fx,fy> to the neighbouring <x,y>: no diagonal into or out
   of a doorway with a door, none squeezing between two rock squares */
STATIC_OVL boolean
ar_step_ok(fx, fy, x, y)
int fx, fy, x, y;
{
    if (!ar_passable(x, y))
        return FALSE;
    if (x != fx && y != fy) {
        if ((IS_DOOR(levl[x][y].typ) && (levl[x][y].doormask & ~D_BROKEN))
            || (IS_DOOR(levl[fx][fy].typ)
                && (levl[fx][fy].doormask & ~D_BROKEN)))
            return FALSE;
        if (IS_ROCK(levl[fx][y].typ) && IS_ROCK(levl[x][fy].typ))
            return FALSE;
    }
    return TRUE;
}

/*
 * The direction (0..7) of the hero's first step on a shortest path to
 * <gx,gy>, creatures ignored, or -1 when there is none.  A breadth-first
 * search from the goal; among equally short steps the first in
 * direction order.
 */
STATIC_OVL int
ar_toward(gx, gy)
int gx, gy;
{
    static xchar qx[COLNO * ROWNO], qy[COLNO * ROWNO];
    static short dist[COLNO][ROWNO];
    int head = 0, tail = 0, x, y, d, nx, ny, best = -1, bestd;

    for (x = 0; x < COLNO; x++)
        for (y = 0; y < ROWNO; y++)
            dist[x][y] = -1;
    dist[gx][gy] = 0;
    qx[tail] = gx, qy[tail++] = gy;
    while (head < tail) {
        x = qx[head], y = qy[head++];
        for (d = 0; d < AR_NDIRS; d++) {
            nx = x + xdir[d], ny = y + ydir[d];
            /* the step goes from <nx,ny> to <x,y> */
            if (isok(nx, ny) && dist[nx][ny] < 0
                && (nx == u.ux && ny == u.uy ? TRUE : ar_passable(nx, ny))
                && ar_step_ok(nx, ny, x, y)) {
                dist[nx][ny] = dist[x][y] + 1;
                qx[tail] = nx, qy[tail++] = ny;
            }
        }
    }
    if (dist[u.ux][u.uy] <= 0)
        return -1;
    bestd = dist[u.ux][u.uy];
    for (d = 0; d < AR_NDIRS; d++) {
        nx = u.ux + xdir[d], ny = u.uy + ydir[d];
        if (isok(nx, ny) && dist[nx][ny] >= 0 && dist[nx][ny] < bestd) {
            bestd = dist[nx][ny];
            best = d;
        }
    }
    return best;
}

/* queue a command: its key, and a direction if dir >= 0 */
STATIC_OVL void
ar_push(key, dir)
int key, dir;
{
    ar_nkeys = ar_next = 0;
    ar_keys[ar_nkeys++] = (char) key;
    if (dir >= 0)
        ar_keys[ar_nkeys++] = Cmd.dirchars[dir];
}

/* the hero's next command, by the scenario's policy */
STATIC_OVL void
ar_policy()
{
    struct monst *mtmp, *weakest = 0;
    int d, wd = -1, x, y;

    /* a command the game refused takes no time: after a few, search */
    if (moves == ar_lastmove) {
        if (++ar_idle > 8) {
            ar_push('s', -1);
            return;
        }
    } else {
        ar_lastmove = moves, ar_idle = 0;
    }

    if (ar.policy == FLANK_ARENA_RETREAT && u.ux == ar_goalx
        && u.uy == ar_goaly)
        ar_holding = TRUE;
    if (ar.policy == FLANK_ARENA_HOLD || ar_holding) {
        /* the weakest adjacent foe, the first in direction order */
        for (d = 0; d < AR_NDIRS; d++) {
            x = u.ux + xdir[d], y = u.uy + ydir[d];
            if (isok(x, y) && (mtmp = m_at(x, y)) != 0 && ar_foe(mtmp)
                && (!weakest || mtmp->mhp < weakest->mhp))
                weakest = mtmp, wd = d;
        }
        if (weakest)
            ar_push('F', wd);
        else
            ar_push('s', -1);
        return;
    }
    /* retreat or cross: a step toward the goal, fighting what is in it */
    if ((d = ar_toward(ar_goalx, ar_goaly)) < 0) {
        ar_push('s', -1);
        return;
    }
    x = u.ux + xdir[d], y = u.uy + ydir[d];
    mtmp = m_at(x, y);
    if (mtmp && ar_foe(mtmp))
        ar_push('F', d);
    else if (mtmp && !mtmp->mtame)
        ar_push('s', -1); /* a peaceful one: wait for it to move */
    else
        ar_push(Cmd.dirchars[d], -1); /* a pet swaps places */
}

/*
 * randomkey() (cmd.c) in the arena: the policy's keys.  A command is
 * chosen when the game reads one (parse()); any other question, a menu or
 * a prompt the command leads to, is declined with ESC.
 */
char
flankarena_key()
{
    if (ar_next < ar_nkeys)
        return ar_keys[ar_next++];
    if (!iflags.in_parse || !ar_started)
        return '\033';
    ar_policy();
    return ar_keys[ar_next++];
}

/*flankarena.c*/
