/* NetHack 3.6	flankfx.c	NetHack Flanking: the fixture harness */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * The fixture harness (debug mode only):  nethack -D --flank-fixtures PATH...
 *
 * Each *.flank fixture (docs/DESIGN.md) becomes a real situation in
 * the real game: its map is written onto the current level, its creatures
 * are made by makemon() and put into the states it names by the game's own
 * functions (tamedog(), monflee(), paralyze_monst(), maketrap(), a long
 * worm's own worm_move() for a tail segment, the hero's intrinsics for the
 * hero's traits), and the attack it describes is scored by the very code
 * the to-hit rolls call (flank_halfpoints() in flank.c).  For melee,
 * the to-hit target of that attack, from find_roll_to_hit(),
 * mattacku_tohit() or mattackm_tohit(), must grow by exactly the integer
 * bonus that the fixture's score gives a '>' roll, ceil(h/2), between
 * sysconf FLANKING=0 and FLANKING=100; each of the two is measured on a
 * freshly built situation, since find_roll_to_hit() wakes its target.
 *
 * The fixtures are parsed once, by rust-flanking (flanking.h, "Fixtures,
 * for the in-game harness").  One line per fixture goes to the standard
 * output, as `flank check` prints them: "ok NAME", or "FAIL NAME: got X,
 * expected Y" (and other FAIL lines for a to-hit that is off, a situation
 * that cannot be built, or a file that cannot be parsed, named by file and
 * line), then "N passed, M failed".  Exit status 0 when all passed.
 *
 * Movement fixtures (*.move, tests/fixtures/README.md "Movement
 * fixtures"), found in the same directories (or named as files ending in
 * .move), are played through the real m_move() or dog_move(): for each
 * run, the level is built afresh and NetHack's random numbers are seeded
 * from the run's number (fixed_random()), the mover takes one turn per
 * word of its `expect:` line, and each turn's outcome is checked; a
 * `vanilla` turn against the same run played again with FLANKING_AI off.
 * One line per movement fixture follows the *.flank ones, and the summary
 * line says how many movement fixtures passed.
 *
 * Threats from range (flanking.h ABI version 4): a fixture with `ranged:
 * on` runs with FLANKING_RANGED on (every other one with it off), and each
 * creature further out with a `far X:` line is built as it says: the hero
 * standing there with its launcher or polearm wielded and its ammunition
 * or missiles quivered, or a monster of a species with the attack it
 * needs, given the real objects it carries and wields (fx_far_monster()).
 *
 * The game itself runs unattended with its screen sent to /dev/null and
 * its keyboard read from /dev/null (stdin need not be a terminal), and
 * ends without a save, a bones file, or a score: nothing is written but
 * the lock and level files, which are removed again.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "flankfx.h"

#include <fcntl.h>
#include <sys/stat.h>

STATIC_DCL void FDECL(fx_load, (const char *));
STATIC_DCL void NDECL(flankfx_atexit);
STATIC_DCL const char *FDECL(fx_measure, (const struct flank_fixture *, int,
                                          int *, int *));
STATIC_DCL boolean FDECL(fx_run_one, (const struct flank_fixture *));
STATIC_DCL boolean FDECL(fx_run_facing, (const struct flank_fixture *));
STATIC_DCL void FDECL(fx_half, (char *, int));
STATIC_DCL const char *FDECL(fx_mv_play, (const struct flank_move_fixture *,
                                          unsigned long, BOOLEAN_P,
                                          xchar *, xchar *));
STATIC_DCL char FDECL(fx_mv_glyph, (const struct flank_move_fixture *, int,
                                    int));
STATIC_DCL boolean FDECL(fx_run_move, (const struct flank_move_fixture *));

/* the facing fields of the fixture being built, or null for an arc-only
   one; the hero's shield and role as the game started them */
const struct flank_fixture *fx_facing = 0;
struct obj *fx_shield = 0;
struct Role fx_urole;
/* the fixture being built when it has threats from range (`ranged:` or a
   `far X:` line), or null; the hero's weapons as the game started them,
   and what a far hero was given for one fixture (fx_far_hero()) */
const struct flank_fixture *fx_ranged = 0;
const struct flank_fixture *fx_cur = 0;
int fx_ulevel, fx_umonster;
long fx_hfumble;
struct obj *fx_uwep = 0, *fx_uquiver = 0;
xchar fx_skill_pole, fx_skill_lance;
struct obj *fx_given[FX_GIVEN_MAX];
int fx_ngiven = 0;

/* the fixtures named on the command line, and where results go */
static struct flank_fixture_set *fx_set = 0;
/* the movement fixtures (*.move) among them */
static struct flank_move_set *fx_moves = 0;
static FILE *fx_out = 0;
/* what the last situations built showed of the gathering's shortcuts
   (flank_gather_check()), null while they agree */
static const char *fx_shortcut = 0;
/* the hero's intrinsics as the game started them, put back every time */
long fx_hlev, fx_hfly, fx_hswim, fx_hphase, fx_hconflict;
int fx_herox, fx_heroy, fx_wormx, fx_wormy;

/* the paths named on the command line, read once debug mode is allowed */
struct fx_path {
    const char *path; /* one of main()'s argv[] */
    struct fx_path *next;
};
static struct fx_path *fx_paths = 0, **fx_paths_end = &fx_paths;

/*
 * --flank-fixtures PATH (unixmain.c): remember one more file or directory
 * of fixtures.  Nothing is read, not even looked at, yet: the game may run
 * setgid, and only a player whom debug mode allows may have it open a file
 * with its rights (flankfx_setup()).  A relative path is taken from the
 * directory the game runs in (the playground).
 */
void
flankfx_path(path)
const char *path;
{
    struct fx_path *p = (struct fx_path *) alloc(sizeof *p);

    p->path = path;
    p->next = 0;
    *fx_paths_end = p;
    fx_paths_end = &p->next;
    iflags.flank_fixtures = TRUE;
}

/* read the fixtures at one path (flankfx_setup(), debug mode allowed) */
STATIC_OVL void
fx_load(path)
const char *path;
{
    struct stat st;
    size_t n = strlen(path);
    boolean dir = (stat(path, &st) == 0 && S_ISDIR(st.st_mode)),
            move = (!dir && n > 5 && !strcmp(path + n - 5, ".move"));

    if ((!fx_set && !(fx_set = flank_fixtures_new()))
        || (!fx_moves && !(fx_moves = flank_moves_new()))) {
        raw_print("flank-fixtures: out of memory");
        nh_terminate(EXIT_FAILURE);
    }
    /* a directory holds both kinds; a file is a movement fixture when its
       name ends in .move, else a *.flank one (which names a bad file) */
    if (!move)
        (void) flank_fixtures_add(fx_set, path);
    if (dir || move)
        (void) flank_moves_add(fx_moves, path);
}

/* the fixtures have all been run and reported (flankfx_run()) */
static boolean fx_done = FALSE;

STATIC_OVL void
flankfx_atexit(VOID_ARGS)
{
    if (!fx_done)
        (void) fprintf(stderr, "flank-fixtures: the game ended before the"
                               " fixtures ran; its message went to the"
                               " hidden screen (see also paniclog)\n");
}

/*
 * After the command line has been read and before the window system
 * starts: debug mode only; a fixed hero who needs no questions answered;
 * the screen and the keyboard to /dev/null, the results to what was the
 * standard output.
 */
void
flankfx_setup()
{
    if (!wizard || !authorize_wizard_mode()) {
        (void) fprintf(stderr,
                       "%s: --flank-fixtures is for debug mode only: -D, as"
                       " a user whom sysconf's WIZARDS allows\n",
                       hname);
        nh_terminate(EXIT_FAILURE);
    }
    if (iflags.fuzz_replay) {
        (void) fprintf(stderr, "%s: --flank-fixtures and --fuzz exclude each"
                       " other\n", hname);
        nh_terminate(EXIT_FAILURE);
    }
    /* debug mode is allowed: now, and only now, read the named paths */
    while (fx_paths) {
        struct fx_path *p = fx_paths;

        fx_load(p->path);
        fx_paths = p->next;
        free((genericptr_t) p);
    }
    fx_paths_end = &fx_paths;
    /* the to-hit values depend on the hero: always the same one */
    flags.initrole = str2role("Valkyrie");
    flags.initrace = str2race("human");
    flags.initgend = str2gend("female");
    flags.initalign = str2align("neutral");
    flags.randomall = 0;
    /* If the game stops before the fixtures have run, its message went to
       the hidden screen: say so where the caller can see it. */
    (void) atexit(flankfx_atexit);
    fx_out = flankfx_unattended("flank-fixtures");
}

/*
 * A game that runs unattended (the fixture harness, the arena): no legacy,
 * news or bones, the tty port drawing to /dev/null and reading /dev/null,
 * and what was the standard output returned for the results.
 */
FILE *
flankfx_unattended(what)
const char *what;
{
    FILE *out = 0;
    int fd, null;

    flags.legacy = FALSE;
    flags.bones = FALSE;
#ifdef NEWS
    iflags.news = FALSE;
#endif
    /* tty only: other interfaces would read keys of their own */
    choose_windows("tty");
    /* Nothing is shown, but the tty port insists on a terminal that can
       address the cursor: whatever TERM says (bash sets TERM=dumb when it
       is unset, as under CI), draw the hidden screen for an xterm. */
    (void) setenv("TERM", "xterm", 1);

    (void) fflush(stdout);
    if ((fd = dup(fileno(stdout))) < 0 || !(out = fdopen(fd, "w"))
        || (null = open("/dev/null", O_RDWR)) < 0) {
        perror(what);
        nh_terminate(EXIT_FAILURE);
    }
    (void) dup2(null, fileno(stdin));
    (void) dup2(null, fileno(stdout));
    (void) close(null);
    return out;
}

/* h half points as a decimal: "0", "1.5", "6" */
STATIC_OVL void
fx_half(buf, h)
char *buf;
int h;
{
    if (h < 0)
        Strcpy(buf, "none");
    else
        Sprintf(buf, "%d%s", h / 2, (h & 1) ? ".5" : "");
}

/*
 * Build fx afresh and measure, with sysconf FLANKING at percent: *h, the
 * score in half points that flank.c gathers for the attack, and *tohit,
 * the to-hit target of that melee attack as the game's to-hit code works
 * it out.  NULL, or why it cannot be done.
 */
STATIC_OVL const char *
fx_measure(fx, percent, h, tohit)
const struct flank_fixture *fx;
int percent, *h, *tohit;
{
    struct monst *magr = 0, *mdef = 0;
    struct flank_attack fa;
    const char *why;
    int plain, attk_count = 0, penalty = 0;

    if ((why = fx_build(fx, &magr, &mdef)) != 0)
        return why;
    if (!fx_shortcut)
        fx_shortcut = flank_gather_check(magr, mdef);
    if (!flank_valid_percent((long) percent))
        return "the percent is out of range";
    flank_cfg.percent = (int) percent;
    *h = flank_halfpoints(magr, mdef, (struct flank_detail *) 0);
    if (magr == &youmonst) {
        *tohit = find_roll_to_hit(mdef, AT_WEAP, uwep, &attk_count,
                                  &penalty, &fa);
    } else if (mdef == &youmonst) {
        if (u.uac < 0) /* AC_VALUE() would roll a random number */
            return "the hero's AC is negative";
        *tohit = mattacku_tohit(magr, &plain, &fa);
    } else {
        *tohit = mattackm_tohit(magr, mdef, &plain, &fa);
    }
    return (const char *) 0;
}

/* one fixture: TRUE if it passed; prints its line */
STATIC_OVL boolean
fx_run_one(fx)
const struct flank_fixture *fx;
{
    int h0 = -1, h100 = -1, t0 = 0, t100 = 0, k;
    const char *why;
    char got[20], want[20];

    if (fx->error) {
        (void) fprintf(fx_out, "FAIL %s\n", fx->error);
        return FALSE;
    }
    fx_shortcut = 0;
    if ((why = fx_measure(fx, 0, &h0, &t0)) != 0
        || (why = fx_measure(fx, 100, &h100, &t100)) != 0) {
        (void) fprintf(fx_out, "FAIL %s: cannot build it in the game: %s\n",
                       fx->name, why);
        return FALSE;
    }
    if (fx_shortcut) {
        (void) fprintf(fx_out, "FAIL %s: %s\n", fx->name, fx_shortcut);
        return FALSE;
    }
    fx_half(want, (int) fx->expect_half_points);
    /* with FLANKING=0 threats from range are not gathered
       (flank_ranged_on()): a ranged fixture's score is the one at 100 */
    if (fx_ranged && fx_ranged->ranged)
        h0 = h100;
    if (h0 != (int) fx->expect_half_points || h100 != h0) {
        fx_half(got, h0 != (int) fx->expect_half_points ? h0 : h100);
        (void) fprintf(fx_out, "FAIL %s: got %s, expected %s\n", fx->name,
                       got, want);
        return FALSE;
    }
    /* melee compares '>': the bonus is ceil(h/2) at 100% (see flank.c) */
    k = ((int) fx->expect_half_points + 1) / 2;
    if (t100 - t0 != k) {
        (void) fprintf(fx_out,
                       "FAIL %s: melee to-hit %d with FLANKING=100, %d with"
                       " FLANKING=0: +%d, expected +%d for %s\n",
                       fx->name, t100, t0, t100 - t0, k, want);
        return FALSE;
    }
    (void) fprintf(fx_out, "ok %s\n", fx->name);
    return TRUE;
}

/*
 * One facing fixture: TRUE if it passed; prints its line.  Built as an
 * arc fixture is, with the facing fields on top (fx_facing_build()), under
 * the fixture's rule set; the attack is then evaluated by the very code
 * the to-hit, damage and message hooks use (flank_eval(),
 * flank_tohit(), flank_damage()).  Checked: the arc score, the zone and
 * every effect the fixture expects, and for melee that the to-hit target
 * grows by the scaled bonus plus the points of a shield that does not
 * count, between FLANKING=0 and FLANKING=100.
 */
STATIC_OVL boolean
fx_run_facing(fx)
const struct flank_fixture *fx;
{
    struct flank_facing_result r;
    struct flank_attack fa;
    struct monst *magr = 0, *mdef = 0;
    struct obj *shield;
    int h0 = -1, h100 = -1, t0 = 0, t100 = 0, k, sh, dmg;
    boolean melee = FX_ON(fx->flags, FLANK_FI_MELEE), ok = FALSE;
    const char *why = 0;
    char got[BUFSZ], want[20];

    fx_facing = fx;
    if (!flank_set_rules(fx->rules == FLANK_FX_UNSET ? FLANK_RULES_PROPOSAL
                                                      : (int) fx->rules)) {
        why = "the game does not know the rule set";
        goto done;
    }
    fx_shortcut = 0;
    if ((why = fx_measure(fx, 0, &h0, &t0)) != 0
        || (why = fx_measure(fx, 100, &h100, &t100)) != 0
        || (why = fx_build(fx, &magr, &mdef)) != 0)
        goto done;
    if (fx_shortcut) {
        (void) fprintf(fx_out, "FAIL %s: %s\n", fx->name, fx_shortcut);
        goto out;
    }
    if (flank_eval(magr, mdef, melee, &r) < 0) {
        why = "the glue did not evaluate the attack";
        goto done;
    }
    /* as in fx_run_one(): the score at 100 for a ranged fixture */
    if (fx_ranged && fx_ranged->ranged)
        h0 = h100;
    *got = '\0';
    fx_half(want, (int) fx->expect_half_points);
    if (h0 != (int) fx->expect_half_points || h100 != h0) {
        Strcpy(got, "arc ");
        fx_half(eos(got), h0 != (int) fx->expect_half_points ? h0 : h100);
        Sprintf(eos(got), ", expected %s", want);
    } else if (r.zone != fx->expect_zone) {
        Sprintf(got, "zone %d, expected %d", r.zone, fx->expect_zone);
    } else if (r.hit_half_points != fx->expect_hit_half_points) {
        Strcpy(got, "to-hit ");
        fx_half(eos(got), r.hit_half_points);
        fx_half(want, fx->expect_hit_half_points);
        Sprintf(eos(got), ", expected %s", want);
    } else if (r.damage_percent != fx->expect_damage_percent
               || r.damage_flat != fx->expect_damage_flat) {
        Sprintf(got, "damage %d%% %+d, expected %d%% %+d",
                r.damage_percent, r.damage_flat, fx->expect_damage_percent,
                fx->expect_damage_flat);
    } else if (fx->expect_shield != FLANK_FX_UNSET
               && r.shield_counts != fx->expect_shield) {
        Sprintf(got, "the shield %s, expected it %s",
                r.shield_counts ? "counts" : "is ignored",
                fx->expect_shield ? "to count" : "ignored");
    } else if ((r.bits & ~FLANK_FR_ARC) != fx->expect_bits) {
        Sprintf(got, "extras 0x%x, expected 0x%x",
                (unsigned) (r.bits & ~FLANK_FR_ARC),
                (unsigned) fx->expect_bits);
    }
    if (*got) {
        (void) fprintf(fx_out, "FAIL %s: got %s\n", fx->name, got);
        goto out;
    }
    /* melee compares '>': ceil(h/2) at 100%, and a shield that does not
       count gives its points back (see flank.c) */
    shield = (mdef == &youmonst) ? uarms : which_armor(mdef, W_ARMS);
    sh = (shield && !r.shield_counts && ARM_BONUS(shield) > 0)
             ? ARM_BONUS(shield) : 0;
    k = ((int) r.hit_half_points + 1) / 2 + sh;
    if (melee && t100 - t0 != k) {
        (void) fprintf(fx_out,
                       "FAIL %s: melee to-hit %d with FLANKING=100, %d with"
                       " FLANKING=0: +%d, expected +%d\n",
                       fx->name, t100, t0, t100 - t0, k);
        goto out;
    }
    /* mattacku()'s clamp to 1 (flank_clamp_tohit()), before the bonus
       where the rule set says so (FLANK_RI_CLAMP_FIRST), else after */
    if (melee && mdef == &youmonst) {
        static const int base[] = { -5, 0, 1, 7 };
        boolean first = (flank_rules_info((int32_t) flank_cfg.rules)
                         & FLANK_RI_CLAMP_FIRST) != 0;
        int i, want;

        for (i = 0; i < SIZE(base); i++) {
            want = first ? max(base[i], 1) + k : max(base[i] + k, 1);
            if (flank_clamp_tohit(base[i] + k, base[i]) != want) {
                (void) fprintf(fx_out,
                               "FAIL %s: mattacku()'s clamp of %d%+d gives"
                               " %d, expected %d (%s)\n",
                               fx->name, base[i], k,
                               flank_clamp_tohit(base[i] + k, base[i]),
                               want,
                               first ? "clamped before the bonus"
                                     : "clamped after the bonus");
                goto out;
            }
        }
    }
    /* the damage hooks change a hit of 20 as the rule set says */
    (void) flank_tohit(magr, mdef, TRUE, melee, &fa);
    dmg = 20 * (int) r.damage_percent / 100 + (int) r.damage_flat;
    if (flank_damage(&fa, 20) != dmg) {
        (void) fprintf(fx_out, "FAIL %s: a hit of 20 does %d, expected %d\n",
                       fx->name, flank_damage(&fa, 20), dmg);
        goto out;
    }
    (void) fprintf(fx_out, "ok %s\n", fx->name);
    ok = TRUE;
    goto out;
done:
    (void) fprintf(fx_out, "FAIL %s: cannot build it in the game: %s\n",
                   fx->name, why);
out:
    fx_facing = 0;
    (void) flank_set_rules(FLANK_RULES_PROPOSAL);
    urole = fx_urole;
    return ok;
}

/* the glyph of fixture mv's map on level square <x,y>, ' ' outside it */
STATIC_OVL char
fx_mv_glyph(mv, x, y)
const struct flank_move_fixture *mv;
int x, y;
{
    int c = x - (FX_DX - (int) mv->hero_col),
        r = y - (FX_DY - (int) mv->hero_row);

    if (r < 0 || c < 0 || r >= (int) mv->rows || c >= (int) mv->cols)
        return ' ';
    return mv->map[r * (int) mv->cols + c];
}

/*
 * Play run `run` of mv, with FLANKING_AI on (ai) or off: build it
 * (fx_mv_build()), then one turn of the mover per expected word:
 * monstermoves and moves advance by one, an `attacked` mover is attacked
 * (flank_ai_attacked()), the hero has just stepped as `heading:` says
 * (u.umoved, from u.ux0,u.uy0: the square behind her, which must be one
 * she could have stood on and stepped from by a step NetHack allows, none
 * diagonally into or out of a doorway that has a door; moveloop()'s
 * flank_ai_hero_acted() records it) or has not moved, and the real m_move()
 * (dog_move() for a pet) moves it.  Where it stands after each turn goes
 * to xs[], ys[].  NULL, or why it cannot be played.
 */
STATIC_OVL const char *
fx_mv_play(mv, run, ai, xs, ys)
const struct flank_move_fixture *mv;
unsigned long run;
boolean ai;
xchar *xs, *ys;
{
    struct monst *mover;
    const char *why;
    int t, i, x0 = 0, y0 = 0;
    unsigned id;
    boolean attacked = FALSE;

    for (i = 0; i < (int) mv->ncreatures; i++)
        if (mv->creatures[i].mover
            && FX_ON(mv->creatures[i].states, FLANK_MV_ATTACKED))
            attacked = TRUE;
    flank_set_ai(ai);
    if ((why = fx_mv_build(mv, run, &mover)) != 0)
        return why;
    if (mv->heading != FLANK_FX_UNSET) {
        if (mv->heading >= FLANK_NDIRS)
            return "a heading outside n ne e se s sw w nw";
        x0 = u.ux - xdir[mv->heading], y0 = u.uy - ydir[mv->heading];
        if (!isok(x0, y0) || !ACCESSIBLE(levl[x0][y0].typ)
            || closed_door(x0, y0))
            return "`heading:` steps the hero from a square she cannot have"
                   " stood on";
        if (flank_blocked(&youmonst, x0, y0, u.ux, u.uy))
            return "`heading:` steps the hero by a step NetHack does not"
                   " allow";
    }
    id = mover->m_id;
    for (t = 0; t < (int) mv->nexpect; t++) {
        monstermoves++, moves++;
        if (attacked)
            flank_ai_attacked(mover);
        u.umoved = (mv->heading != FLANK_FX_UNSET);
        if (u.umoved)
            u.ux0 = x0, u.uy0 = y0;
        flank_ai_hero_acted(); /* as moveloop() records her step */
        if (mover->mtame)
            (void) dog_move(mover, 0);
        else
            (void) m_move(mover, 0);
        if (DEADMONSTER(mover) || mover->m_id != id)
            return "the mover died";
        xs[t] = mover->mx, ys[t] = mover->my;
    }
    return (const char *) 0;
}

/*
 * One movement fixture: every run, every turn, checked; TRUE if all
 * passed.  Prints one line: "ok NAME", or "FAIL NAME: PATH: run R, turn
 * T: ..." naming the first outcome that is wrong (and how many more
 * were), or "FAIL NAME: cannot build it in the game: WHY".
 */
STATIC_OVL boolean
fx_run_move(mv)
const struct flank_move_fixture *mv;
{
    xchar xs[FLANK_MV_MAX_TURNS], ys[FLANK_MV_MAX_TURNS],
        vx[FLANK_MV_MAX_TURNS], vy[FLANK_MV_MAX_TURNS], px, py;
    char first[BUFSZ];
    const char *why = 0;
    int run, t, bad = 0, e, ox = FX_DX - (int) mv->hero_col,
                   oy = FX_DY - (int) mv->hero_row;
    boolean vanilla = FALSE, ok;

    if (mv->error) {
        (void) fprintf(fx_out, "FAIL %s\n", mv->error);
        return FALSE;
    }
    for (t = 0; t < (int) mv->nexpect; t++)
        if (mv->expect[t] == FLANK_MV_VANILLA)
            vanilla = TRUE;
    if (!flank_set_rules((int) mv->rules)) {
        why = "the game does not know the rule set";
        goto refused;
    }
    *first = '\0';
    for (run = 1; run <= (int) mv->runs; run++) {
        if (vanilla && (why = fx_mv_play(mv, (unsigned long) run, FALSE, vx,
                                         vy)) != 0)
            goto refused;
        if ((why = fx_mv_play(mv, (unsigned long) run, TRUE, xs, ys)) != 0)
            goto refused;
        /* where it stood before each turn: the '@'-relative start first */
        for (t = 0; t < (int) mv->nexpect; t++) {
            const struct flank_move_creature *c;
            int i;

            if (t == 0) {
                for (i = 0, c = mv->creatures; !c[i].mover; i++)
                    ;
                px = (xchar) (ox + c[i].col), py = (xchar) (oy + c[i].row);
            } else {
                px = xs[t - 1], py = ys[t - 1];
            }
            e = mv->expect[t];
            ok = (e == FLANK_MV_MOVE) ? fx_mv_glyph(mv, xs[t], ys[t]) == '*'
                 : (e == FLANK_MV_WAIT) ? (xs[t] == px && ys[t] == py)
                 : (xs[t] == vx[t] && ys[t] == vy[t]);
            if (ok)
                continue;
            if (!bad++) {
                Sprintf(first, "%.120s: run %d, turn %d: expected %s, but it"
                               " %s row %d col %d",
                        mv->path, run, t + 1,
                        (e == FLANK_MV_MOVE) ? "a step to a '*' square"
                        : (e == FLANK_MV_WAIT) ? "it to wait"
                                               : "vanilla's square",
                        (xs[t] == px && ys[t] == py) ? "stayed on"
                                                     : "went to",
                        ys[t] - oy + 1, xs[t] - ox + 1);
                if (e == FLANK_MV_VANILLA)
                    Sprintf(eos(first), " (vanilla: row %d col %d)",
                            vy[t] - oy + 1, vx[t] - ox + 1);
            }
        }
    }
    flank_set_ai(TRUE);
    if (bad) {
        (void) fprintf(fx_out, "FAIL %s: %s", mv->name, first);
        if (bad > 1)
            (void) fprintf(fx_out, " (and %d more)", bad - 1);
        (void) fprintf(fx_out, "\n");
        return FALSE;
    }
    (void) fprintf(fx_out, "ok %s\n", mv->name);
    return TRUE;
refused:
    flank_set_ai(TRUE);
    (void) fprintf(fx_out, "FAIL %s: cannot build it in the game: %s\n",
                   mv->name, why);
    return FALSE;
}

/*
 * Run every fixture, print the results, and end the game: no save, no
 * bones, no score, the lock and level files removed.  Called once the
 * new game has started, instead of moveloop().
 */
void
flankfx_run()
{
    struct flank_fixture fx;
    struct flank_move_fixture mv;
    int32_t i, rc, n = fx_set ? flank_fixtures_count(fx_set) : 0, nmv;
    int passed = 0, failed = 0, mvpassed = 0;
    int percent = flank_cfg.percent;
    int rules = flank_rules();

    fx_hlev = HLevitation, fx_hfly = HFlying, fx_hswim = HSwimming;
    fx_hphase = HPasses_walls, fx_hconflict = HConflict;
    fx_shield = uarms;
    fx_urole = urole;
    fx_uwep = uwep, fx_uquiver = uquiver;
    fx_skill_pole = P_SKILL(P_POLEARMS), fx_skill_lance = P_SKILL(P_LANCE);
    fx_ulevel = u.ulevel, fx_umonster = u.umonster, fx_hfumble = HFumbling;
    for (i = 0; i < n; i++) {
        rc = flank_fixtures_get(fx_set, i, &fx);
        if (rc != FLANK_OK)
            continue;
#ifdef FLANK_NO_RANGED
        /* a game built without threats from range cannot build them */
        if ((fx.ranged || fx.nfar) && !fx.error) {
            (void) fprintf(fx_out, "FAIL %s: cannot build it in the game:"
                                   " it uses threats from range\n",
                           fx.name);
            failed++;
            continue;
        }
#endif
        fx_cur = &fx;
        /* threats from range as the fixture says (off unless `ranged:
           on`), its far creatures built as they say */
        flank_set_ranged(fx.ranged != 0);
        fx_ranged = (fx.ranged || fx.nfar) ? &fx : 0;
        /* a fixture that uses facing (rules:, facing:, ...) is built and
           checked with its facing fields; an arc-only one as before, under
           `proposal` */
        if (fx.error ? fx_run_one(&fx)
            : fx.uses_facing ? fx_run_facing(&fx)
                             : fx_run_one(&fx))
            passed++;
        else
            failed++;
        fx_ranged = 0;
        fx_cur = 0;
        flank_set_ranged(sysopt.flanking_ranged != 0);
        (void) fflush(fx_out);
    }
    /* the movement fixtures, with flanking counting in full and
       FLANKING_AI on but where a `vanilla` turn turns it off */
    nmv = fx_moves ? flank_moves_count(fx_moves) : 0;
    flank_cfg.percent = 100;
    for (i = 0; i < nmv; i++) {
        if (flank_moves_get(fx_moves, i, &mv) != FLANK_OK)
            continue;
        if (fx_run_move(&mv))
            passed++, mvpassed++;
        else
            failed++;
        (void) fflush(fx_out);
    }
    flank_set_ai(sysopt.flanking_ai != 0);
    (void) flank_set_rules(rules);
    fx_clear();
    flank_cfg.percent = percent;
    if (nmv > 0)
        (void) fprintf(fx_out, "%d passed, %d failed (%d of %d movement"
                               " fixtures passed)\n",
                       passed, failed, mvpassed, (int) nmv);
    else
        (void) fprintf(fx_out, "%d passed, %d failed\n", passed, failed);
    fx_done = TRUE;
    if (!passed && !failed)
        (void) fprintf(stderr,
                       "flank-fixtures: no *.flank or *.move files found\n");
    (void) fflush(fx_out);
    flank_fixtures_free(fx_set), fx_set = 0;
    flank_moves_free(fx_moves), fx_moves = 0;

    program_state.something_worth_saving = 0;
    clearlocks();
    exit_nhwindows((char *) 0);
    nh_terminate((failed || !passed) ? EXIT_FAILURE : EXIT_SUCCESS);
}

/*flankfx.c*/
