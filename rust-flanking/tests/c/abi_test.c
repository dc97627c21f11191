/*
 * abi_test.c -- drives rust-flanking's C ABI exactly as the game will: it
 * includes flanking.h and links librust_flanking.a.
 *
 * Usage: abi_test CASES-FILE [FIXTURES-DIR [FACING-CASES-FILE [PLAN-CASES-FILE
 *        [RANGED-CASES-FILE]]]]
 * Each line of CASES-FILE is "name defender attack_dir s0 s1 ... s7" (decimal).
 * For each case it prints
 *   "case name score hp threats arc arc_start behind behind_blocked beside reserved rc"
 * where score is flank_score() and the rest is flank_explain()'s detail and
 * return value.  Then it checks every kind of invalid input and the percent
 * setting, printing "check ok ..." or "check FAIL ..." lines, and exits 1 if
 * any check failed.  With FIXTURES-DIR it also loads that directory through
 * the fixture functions (the in-game harness's way) and prints, per entry
 * of flank_fixtures_get(), "fixture-error text", or
 *   "fixture3 name ranged nfar" and per far creature " letter row col line
 *    states arms",
 *   "fixture2 name uses rules facing def_facing flags zone hit shield
 *    percent flat bits cf0..cf7" and
 *   "fixture name expect defender attack_dir rows cols def_row def_col
 *    c0..c7 glyphs".
 * Each line of FACING-CASES-FILE is "name defender attack_dir s0..s7 facing
 * flags rules" (decimal); for each it prints
 *   "facing-case name rc hit arc zone_hp zone percent flat bits shield rules"
 * from flank_facing_eval().  The facing section's invalid inputs are
 * checked on every run.
 * Each line of PLAN-CASES-FILE is "name" and the 102 numbers of a struct
 * flank_plan_input (decimal): flags ntargets waited since nallies heading_age,
 * ally_dist[8], ally_speed[8], then per target[0..3] defender attack_dir
 * s0..s7 facing flags rules reserved from candidates chosen heading hero
 * follow; for
 * each it prints
 *   "plan-case name rc action target dir why half vanilla coming new_wait"
 * from flank_plan(), *out filled with 0xAB before the call (so a refused
 * input shows 171s).  The plan section's NULL and invalid inputs and its
 * layout ("plan-layout ...": sizes and offsets) are checked on every run.
 * Each line of RANGED-CASES-FILE is "name defender attack_dir s0..s7 facing
 * flags rules" (rules 255: no facing) then the struct flank_ranged's
 * square[8] dist[8] arms[8] reach[8] (decimal); for each it prints
 *   "ranged-case name mask rc hp threats arc arc_start behind
 *    behind_blocked beside" from flank_ranged_threats() and
 * flank_explain_ranged(), and with facing
 *   "ranged-facing name rc hit arc zone_hp zone percent flat bits shield
 *    rules" from flank_facing_eval_ranged(); and checks that
 * flank_score_ranged() returns the same, and that the lines a gatherer
 * builds when it asks flank_ranged_lines() and flank_ranged_armed() (the
 * other lines empty, arms only where they decide) give the same score,
 * detail and facing result.  The ranged section's NULL and invalid inputs
 * are checked on every run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flanking.h"

static int failures = 0;
static int checks = 0;

static void expect_eq(const char *what, long got, long want)
{
    checks++;
    if (got != want) {
        failures++;
        printf("check FAIL %s: got %ld, want %ld\n", what, got, want);
    }
}

/* expect_eq() named "FN(WHAT)SUFFIX": a call of FN on the input WHAT */
static void expect_call(const char *fn, const char *what, const char *suffix, long got,
                        long want)
{
    char buf[240];
    snprintf(buf, sizeof buf, "%s(%s)%s", fn, what, suffix);
    expect_eq(buf, got, want);
}

/* A check's name, printf-style, in a buffer the next call overwrites. */
static const char *named(const char *fmt, ...)
{
    static char buf[160];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

/* The bits below `width` that `all` does not define, one by one: the
   next one above `after` (-1 to start), or -1. */
static int unknown_bit(unsigned all, int width, int after)
{
    int bit;

    for (bit = after + 1; bit < width; bit++)
        if (!((1u << bit) & all))
            return bit;
    return -1;
}
#define EACH_UNKNOWN_BIT(bit, all, width) \
    for (bit = unknown_bit(all, width, -1); bit >= 0; bit = unknown_bit(all, width, bit))

static struct flank_neighbourhood empty(void)
{
    struct flank_neighbourhood n;
    memset(&n, 0, sizeof n);
    n.defender = FLANK_DEF_HERO;
    n.attack_dir = FLANK_DIR_N;
    n.square[FLANK_DIR_N] = FLANK_SQ_CREATURE;
    return n;
}

/* An invalid input must give `code` from both functions, and leave *out alone. */
static void expect_error(const char *what, const struct flank_neighbourhood *n, int code)
{
    struct flank_detail d;
    memset(&d, 0xAB, sizeof d);
    expect_call("flank_score", what, "", flank_score(n), code);
    expect_call("flank_explain", what, "", flank_explain(n, &d), code);
    expect_call("flank_explain", what, " left *out alone",
                d.half_points == 0xAB && d.reserved == 0xAB, 1);
    /* the ranged entry points report the neighbourhood's faults the same */
    {
        struct flank_ranged r;
        memset(&r, 0, sizeof r);
        expect_call("flank_score_ranged", what, "", flank_score_ranged(n, &r), code);
        expect_call("flank_ranged_lines", what, "", flank_ranged_lines(n), code);
        expect_call("flank_ranged_armed", what, "", flank_ranged_armed(n, &r), code);
    }
}

static void check_invalid(void)
{
    struct flank_neighbourhood n;
    struct flank_detail d;
    int bit, i;

    /* The valid baseline. */
    n = empty();
    expect_eq("baseline score", flank_score(&n), 0);

    /* NULL pointers. */
    expect_eq("flank_score(NULL)", flank_score(NULL), FLANK_E_NULL);
    expect_eq("flank_explain(NULL, &d)", flank_explain(NULL, &d), FLANK_E_NULL);
    expect_eq("flank_explain(&n, NULL)", flank_explain(&n, NULL), FLANK_E_NULL);
    expect_eq("flank_explain(NULL, NULL)", flank_explain(NULL, NULL), FLANK_E_NULL);

    /* Directions 8 and 255 (and every other one above 7). */
    for (i = 8; i < 256; i++) {
        n = empty();
        n.attack_dir = (uint8_t) i;
        expect_error(named("attack_dir %d", i), &n, FLANK_E_DIRECTION);
    }

    /* Each unknown square bit, on each square. */
    EACH_UNKNOWN_BIT(bit, FLANK_SQ_ALL, 16) {
        for (i = 0; i < FLANK_NDIRS; i++) {
            n = empty();
            n.square[i] |= (uint16_t) (1u << bit);
            expect_error(named("square %d unknown bit %d", i, bit), &n,
                         FLANK_E_SQUARE_BITS);
        }
    }

    /* Each unknown defender bit. */
    EACH_UNKNOWN_BIT(bit, FLANK_DEF_ALL, 8) {
        n = empty();
        n.defender |= (uint8_t) (1u << bit);
        expect_error(named("defender unknown bit %d", bit), &n, FLANK_E_DEFENDER_BITS);
    }

    /* Inconsistent squares: each creature bit without FLANK_SQ_CREATURE. */
    for (bit = 1; bit < 16; bit++) {
        uint16_t b = (uint16_t) (1u << bit);
        if (!(b & FLANK_SQ_ALL) || b == FLANK_SQ_BLOCKED)
            continue;
        for (i = 0; i < FLANK_NDIRS; i++) {
            if (i == FLANK_DIR_N)
                continue;
            n = empty();
            n.square[i] = b;
            expect_error(named("square %d bit %#x without CREATURE", i, b), &n,
                         FLANK_E_INCONSISTENT);
            n.square[i] = b | FLANK_SQ_BLOCKED;
            expect_error(named("square %d bit %#x|BLOCKED without CREATURE", i, b), &n,
                         FLANK_E_INCONSISTENT);
        }
    }
    {
        static const uint16_t bad[] = {
            FLANK_SQ_CREATURE | FLANK_SQ_HERO | FLANK_SQ_PEACEFUL,
            FLANK_SQ_CREATURE | FLANK_SQ_HERO | FLANK_SQ_TAME,
            FLANK_SQ_CREATURE | FLANK_SQ_PEACEFUL | FLANK_SQ_TAME,
            FLANK_SQ_CREATURE | FLANK_SQ_HERO | FLANK_SQ_PEACEFUL | FLANK_SQ_TAME,
            FLANK_SQ_CREATURE | FLANK_SQ_UNWILLING,
            FLANK_SQ_CREATURE | FLANK_SQ_UNWILLING | FLANK_SQ_HERO,
            FLANK_SQ_CREATURE | FLANK_SQ_UNWILLING | FLANK_SQ_PEACEFUL,
            FLANK_SQ_CREATURE | FLANK_SQ_UNWILLING | FLANK_SQ_PEACEFUL | FLANK_SQ_TAME,
        };
        for (i = 0; i < (int) (sizeof bad / sizeof bad[0]); i++) {
            n = empty();
            n.square[FLANK_DIR_S] = bad[i];
            expect_error(named("inconsistent square %#x", bad[i]), &n,
                         FLANK_E_INCONSISTENT);
        }
    }

    /* Percent: default, round trip, bounds, refusals leave it unchanged. */
    expect_eq("default percent", flank_percent(), FLANK_PERCENT_DEFAULT);
    expect_eq("set 0", flank_set_percent(0), FLANK_OK);
    expect_eq("get 0", flank_percent(), 0);
    expect_eq("set 1000", flank_set_percent(FLANK_PERCENT_MAX), FLANK_OK);
    expect_eq("get 1000", flank_percent(), FLANK_PERCENT_MAX);
    expect_eq("set 37", flank_set_percent(37), FLANK_OK);
    expect_eq("get 37", flank_percent(), 37);
    expect_eq("set -1", flank_set_percent(-1), FLANK_E_PERCENT);
    expect_eq("set 1001", flank_set_percent(FLANK_PERCENT_MAX + 1), FLANK_E_PERCENT);
    expect_eq("get after refusals", flank_percent(), 37);
    expect_eq("set 100", flank_set_percent(FLANK_PERCENT_DEFAULT), FLANK_OK);
    expect_eq("get 100", flank_percent(), FLANK_PERCENT_DEFAULT);

    /* strerror: a static string for every code, "unknown" for others
       (-11 and -14 were the old fixture getters' refusals, retired). */
    for (i = -14; i <= 0; i++) {
        const char *s = flank_strerror(i);
        if (i == -11 || i == -14) {
            expect_eq(named("strerror(%d) retired", i), strcmp(s, "unknown error code"), 0);
            continue;
        }
        expect_eq(named("strerror(%d) names FLANK_", i),
                  s != NULL && strncmp(s, "FLANK_", 6) == 0, 1);
        printf("strerror %d %s\n", i, s ? s : "(null)");
    }
    expect_eq("strerror(-15) unknown", strcmp(flank_strerror(-15), "unknown error code"), 0);
    expect_eq("strerror(42) unknown", strcmp(flank_strerror(42), "unknown error code"), 0);
    expect_eq("strerror(INT32_MIN) unknown",
              strcmp(flank_strerror(INT32_MIN), "unknown error code"), 0);
    expect_eq("strerror is static", flank_strerror(FLANK_E_NULL) == flank_strerror(FLANK_E_NULL), 1);

    expect_eq("sizeof flank_neighbourhood", (long) sizeof(struct flank_neighbourhood), 18);
    expect_eq("sizeof flank_detail", (long) sizeof(struct flank_detail), 8);
}

/* The facing section's baseline: the hero attacked from the north by a
   jackal, facing north, rule set dnd. */
static struct flank_facing_input facing_empty(void)
{
    struct flank_facing_input in;
    memset(&in, 0, sizeof in);
    in.n = empty();
    in.facing = FLANK_DIR_N;
    in.flags = FLANK_FI_MELEE;
    in.rules = FLANK_RULES_DND;
    return in;
}

/* An invalid facing input gives `code` and leaves *out alone. */
static void expect_facing_error(const char *what, const struct flank_facing_input *in, int code)
{
    struct flank_facing_result r;
    memset(&r, 0xAB, sizeof r);
    expect_call("flank_facing_eval", what, "", flank_facing_eval(in, &r), code);
    expect_call("flank_facing_eval", what, " left *out alone",
                r.zone == 0xAB && r.rules == 0xAB && r.bits == 0xABAB, 1);
}

static void check_facing_invalid(void)
{
    struct flank_facing_input in;
    struct flank_facing_result r;
    int i;
    static const char *const good[] = {
        "proposal", "implicit", "dnd", "opposite", "tactics",
        "proposal+opposite", "proposal+tactics", "proposal+implicit",
    };
    static const int good_id[] = {
        FLANK_RULES_PROPOSAL, FLANK_RULES_IMPLICIT, FLANK_RULES_DND,
        FLANK_RULES_OPPOSITE, FLANK_RULES_TACTICS,
        FLANK_RULES_PLUS_ARC | FLANK_RULES_OPPOSITE,
        FLANK_RULES_PLUS_ARC | FLANK_RULES_TACTICS, FLANK_RULES_IMPLICIT,
    };
    static const char *const bad[] = {
        "", "DND+TACTICS", "dnd ", "proposal+dnd", "dnd+tactics", "proposal+proposal",
        "tactics+proposal", "proposal+", "+dnd", "proposal+tactics+dnd", "none",
        "proposal+splicehack", "proposal+hackem", "hack'em",
    };

    /* The baseline is valid: front, nothing. */
    in = facing_empty();
    expect_eq("facing baseline", flank_facing_eval(&in, &r), 0);
    expect_eq("facing baseline zone", r.zone, FLANK_ZONE_FRONT);
    expect_eq("faceless is valid", (in.facing = FLANK_FACING_NONE, flank_facing_eval(&in, &r)), 0);

    /* Rule set names. */
    for (i = 0; i < (int) (sizeof good / sizeof good[0]); i++) {
        expect_eq(named("flank_rules_parse(%s)", good[i]), flank_rules_parse(good[i]),
                  good_id[i]);
        expect_eq("flank_rules_name is canonical",
                  strcmp(flank_rules_name(good_id[i]),
                         i == 7 ? "implicit" : good[i]), 0);
    }
    for (i = 0; i < (int) (sizeof bad / sizeof bad[0]); i++) {
        expect_eq(named("flank_rules_parse(\"%s\")", bad[i]), flank_rules_parse(bad[i]),
                  FLANK_E_RULES);
    }
    expect_eq("flank_rules_parse(NULL)", flank_rules_parse(NULL), FLANK_E_NULL);
    expect_eq("flank_rules_parse(\"DND\")", flank_rules_parse("DND"), FLANK_RULES_DND);
    expect_eq("flank_rules_parse(\"Proposal+Tactics\")",
              flank_rules_parse("Proposal+Tactics"),
              FLANK_RULES_PLUS_ARC | FLANK_RULES_TACTICS);
    expect_eq("flank_rules_parse(\"SpliceHack\")", flank_rules_parse("SpliceHack"),
              FLANK_RULES_SPLICEHACK);
    expect_eq("flank_rules_parse(\"HackEM\")", flank_rules_parse("HackEM"),
              FLANK_RULES_HACKEM);
    expect_eq("flank_rules_name(hackem)",
              strcmp(flank_rules_name(FLANK_RULES_HACKEM), "hackem"), 0);
    expect_eq("flank_rules_name(9)", flank_rules_name(9) == NULL, 1);
    expect_eq("flank_rules_info(nerfhack)", flank_rules_info(FLANK_RULES_NERFHACK),
              FLANK_RI_PEER | FLANK_RI_CLAMP_FIRST);
    expect_eq("flank_rules_info(silq)", flank_rules_info(FLANK_RULES_SILQ), 0);
    expect_eq("flank_rules_info(splicehack)", flank_rules_info(FLANK_RULES_SPLICEHACK),
              FLANK_RI_PEER | FLANK_RI_CLAMP_FIRST);
    expect_eq("flank_rules_info(hackem)", flank_rules_info(FLANK_RULES_HACKEM),
              FLANK_RI_PEER | FLANK_RI_CLAMP_FIRST);
    expect_eq("flank_rules_info(dnd)", flank_rules_info(FLANK_RULES_DND), FLANK_RI_FACING);
    expect_eq("flank_rules_info(proposal)", flank_rules_info(FLANK_RULES_PROPOSAL),
              FLANK_RI_ARC);
    expect_eq("flank_rules_info(9)", flank_rules_info(9), FLANK_E_RULES);
    /* ABI 14: the rule set's words for a flank of foes */
    expect_eq("flank_rules_flanked_words(dnd)",
              strcmp(flank_rules_flanked_words(FLANK_RULES_DND), "foe opposite"), 0);
    expect_eq("flank_rules_flanked_words(silq)",
              strcmp(flank_rules_flanked_words(FLANK_RULES_SILQ), "foes around"), 0);
    expect_eq("flank_rules_flanked_words(9)", flank_rules_flanked_words(9) == NULL, 1);
    /* ABI 20: a rule set's summary; who would attack whom */
    {
        char sum[256], tiny[8];
        int32_t n;

        n = flank_rules_summary(FLANK_RULES_DND, sum, sizeof sum);
        expect_eq("flank_rules_summary(dnd) length", n, (int32_t) strlen(sum));
        expect_eq("flank_rules_summary(dnd)",
                  strncmp(sum, "flank +2 to hit; rear +4 to hit; ", 33), 0);
        n = flank_rules_summary(FLANK_RULES_PLUS_ARC | FLANK_RULES_TACTICS, sum,
                                sizeof sum);
        expect_eq("flank_rules_summary(proposal+tactics) ends",
                  n > 25 && strcmp(sum + n - 25, "; and arc flanking on top") == 0, 1);
        n = flank_rules_summary(FLANK_RULES_PROPOSAL, tiny, sizeof tiny);
        expect_eq("flank_rules_summary cut: whole length", n > 7, 1);
        expect_eq("flank_rules_summary cut: NUL", (int) strlen(tiny), 7);
        expect_eq("flank_rules_summary(9)", flank_rules_summary(9, sum, sizeof sum),
                  FLANK_E_RULES);
        expect_eq("flank_rules_summary(NULL)",
                  flank_rules_summary(FLANK_RULES_DND, NULL, 8), FLANK_E_NULL);
        expect_eq("flank_rules_summary(len 0)",
                  flank_rules_summary(FLANK_RULES_DND, sum, 0), FLANK_E_NULL);
        /* a hostile jackal next to another hostile monster: no */
        expect_eq("flank_threatens(hostile, hostile)",
                  flank_threatens(0, FLANK_SQ_CREATURE, 0), 0);
        /* ... unless it holds a grudge */
        expect_eq("flank_threatens(hostile, hostile with a grudge)",
                  flank_threatens(0, FLANK_SQ_CREATURE, 1), 1);
        /* asleep, a grudge does not make it attack */
        expect_eq("flank_threatens(grudge, helpless)",
                  flank_threatens(0, FLANK_SQ_CREATURE | FLANK_SQ_HELPLESS, 1), 0);
        expect_eq("flank_threatens(pet, hostile)",
                  flank_threatens(FLANK_DEF_TAME, FLANK_SQ_CREATURE, 0), 1);
        expect_eq("flank_threatens(hostile, the hero)",
                  flank_threatens(0, FLANK_SQ_CREATURE | FLANK_SQ_HERO, 0), 1);
        expect_eq("flank_threatens(peaceful, the hero)",
                  flank_threatens(FLANK_DEF_PEACEFUL, FLANK_SQ_CREATURE | FLANK_SQ_HERO, 0),
                  0);
        expect_eq("flank_threatens(hostile, an unwilling pet)",
                  flank_threatens(0, FLANK_SQ_CREATURE | FLANK_SQ_TAME | FLANK_SQ_UNWILLING,
                                  0),
                  0);
        expect_eq("flank_threatens(bad defender)",
                  flank_threatens(0x10, FLANK_SQ_CREATURE, 0), FLANK_E_DEFENDER_BITS);
        expect_eq("flank_threatens(bad square)",
                  flank_threatens(0, 0x10000, 0), FLANK_E_SQUARE_BITS);
        expect_eq("flank_threatens(inconsistent)",
                  flank_threatens(0, FLANK_SQ_TAME, 0), FLANK_E_INCONSISTENT);
    }
    {
        struct flank_facing_result zr;
        char words[64];

        memset(&zr, 0, sizeof zr);
        zr.zone = FLANK_ZONE_REAR;
        zr.damage_percent = 150;
        zr.rules = FLANK_RULES_TACTICS;
        expect_eq("flank_zone_look_words(rear, x1.5)",
                  flank_zone_look_words(&zr, 1, words, sizeof words), 26);
        expect_eq("flank_zone_look_words's words",
                  strcmp(words, "x1.5 damage from your rear"), 0);
        zr.damage_percent = 100;
        expect_eq("flank_zone_look_words(no change)",
                  flank_zone_look_words(&zr, 0, words, sizeof words), 0);
        expect_eq("flank_zone_look_words(NULL)",
                  flank_zone_look_words(NULL, 0, words, sizeof words), FLANK_E_NULL);
        /* ABI 19: what flanking changed of a blow, for the record */
        expect_eq("flank_blow_changes(no change)", flank_blow_changes(0, &zr), 0);
        expect_eq("flank_blow_changes(points, no zone)",
                  flank_blow_changes(2, NULL), FLANK_BLOW_HIT);
        expect_eq("flank_blow_changes(nothing, no zone)", flank_blow_changes(0, NULL), 0);
        zr.damage_percent = 150;
        expect_eq("flank_blow_changes(rear, x1.5)", flank_blow_changes(0, &zr),
                  FLANK_BLOW_DAMAGE);
        zr.zone = FLANK_ZONE_FRONT;
        zr.damage_percent = 80;
        zr.bits = FLANK_FR_SHIELD_DAMAGE;
        expect_eq("flank_blow_changes(the shield's cut)", flank_blow_changes(0, &zr),
                  FLANK_BLOW_DAMAGE | FLANK_BLOW_SHIELD);
        zr.damage_percent = 100;
        zr.bits = FLANK_FR_TURNS | FLANK_FR_SIDE;
        expect_eq("flank_blow_changes(a turn, a side)", flank_blow_changes(0, &zr), 0);
    }
    expect_eq("flank_rules_outflanker(nerfhack, soldier ant)",
              flank_rules_outflanker(FLANK_RULES_NERFHACK, "soldier ant"), 1);
    expect_eq("flank_rules_outflanker(nerfhack, jackal)",
              flank_rules_outflanker(FLANK_RULES_NERFHACK, "jackal"), 0);
    expect_eq("flank_rules_outflanker(silq, soldier ant)",
              flank_rules_outflanker(FLANK_RULES_SILQ, "soldier ant"), 0);
    expect_eq("flank_rules_outflanker(nerfhack, NULL)",
              flank_rules_outflanker(FLANK_RULES_NERFHACK, NULL), FLANK_E_NULL);
    expect_eq("flank_plan_why(WAITING)",
              strcmp(flank_plan_why(FLANK_WHY_WAITING), "waiting for its allies"), 0);
    expect_eq("flank_plan_why(LEAVING)",
              strcmp(flank_plan_why(FLANK_WHY_LEAVING), "its target is moving away"), 0);
    expect_eq("flank_plan_why(SINGLE_FILE)",
              strcmp(flank_plan_why(FLANK_WHY_SINGLE_FILE), "it comes in single file"), 0);
    expect_eq("flank_plan_why(13)", flank_plan_why(13) == NULL, 1);
    expect_eq("flank_rules_name(-1)", flank_rules_name(-1) == NULL, 1);

    /* NULL pointers. */
    in = facing_empty();
    expect_eq("flank_facing_eval(NULL, &r)", flank_facing_eval(NULL, &r), FLANK_E_NULL);
    expect_eq("flank_facing_eval(&in, NULL)", flank_facing_eval(&in, NULL), FLANK_E_NULL);

    /* Every rule set id: the valid eleven, FLANK_E_RULES for the rest. */
    for (i = 0; i < 256; i++) {
        int valid = i <= 8 || i == 0x13 || i == 0x14;
        in = facing_empty();
        in.rules = (uint8_t) i;
        if (valid) {
            expect_eq(named("rules %#x valid", i), flank_facing_eval(&in, &r) >= 0, 1);
        } else {
            expect_facing_error(named("rules %#x", i), &in, FLANK_E_RULES);
        }
    }
    /* Every facing above FLANK_FACING_NONE. */
    for (i = FLANK_FACING_NONE + 1; i < 256; i++) {
        in = facing_empty();
        in.facing = (uint8_t) i;
        expect_facing_error(named("facing %d", i), &in, FLANK_E_FACING);
    }
    /* Unknown flags, the reserved byte. */
    EACH_UNKNOWN_BIT(i, FLANK_FI_ALL, 8) {
        in = facing_empty();
        in.flags |= (uint8_t) (1u << i);
        expect_facing_error(named("flag bit %d", i), &in, FLANK_E_FACING_FLAGS);
    }
    in = facing_empty();
    in.reserved = 1;
    expect_facing_error("reserved 1", &in, FLANK_E_FACING_FLAGS);
    /* The field's facts: a state beyond FLANK_ST_ALL or on an empty square,
       attacker bits beyond FLANK_AT_ALL. */
    in = facing_empty();
    in.state[FLANK_DIR_N] = FLANK_ST_CONFUSED;
    expect_eq("a state on the attacker", flank_facing_eval(&in, &r) >= 0, 1);
    in.state[FLANK_DIR_N] = FLANK_ST_UNAWARE; /* every bit is a state */
    expect_facing_error("UNAWARE on a monster's square", &in,
                        FLANK_E_FACING_FLAGS);
    in = facing_empty();
    in.state[FLANK_DIR_S] = FLANK_ST_NURSE;
    expect_facing_error("a state on an empty square", &in, FLANK_E_FACING_FLAGS);
    in = facing_empty();
    in.attacker = FLANK_AT_ALL + 1;
    expect_facing_error("attacker bit beyond ALL", &in, FLANK_E_FACING_FLAGS);
    in = facing_empty();
    in.attacker = FLANK_AT_TAME | FLANK_AT_PEACEFUL;
    expect_facing_error("two attacker sides", &in, FLANK_E_FACING_FLAGS);
    in = facing_empty();
    in.flags |= FLANK_FI_MELEE;
    in.attacker = FLANK_AT_TAME; /* the square's creature is hostile */
    expect_facing_error("MELEE from another side", &in, FLANK_E_FACING_FLAGS);
    /* The direction of an attacker further away (ABI 17). */
    expect_eq("silq (-1,-2) north",
              flank_rules_attack_dir(FLANK_RULES_SILQ, -1, -2), FLANK_DIR_N);
    expect_eq("proposal (-1,-2) north-west",
              flank_rules_attack_dir(FLANK_RULES_PROPOSAL, -1, -2),
              FLANK_DIR_NW);
    expect_eq("(0,0)", flank_rules_attack_dir(FLANK_RULES_SILQ, 0, 0),
              FLANK_E_DIRECTION);
    expect_eq("unknown rule set", flank_rules_attack_dir(9, 1, 1),
              FLANK_E_RULES);
    /* Contradictions: a Rogue attacking the hero; melee from an empty
       square; a Rogue's melee from a square that is not the hero. */
    in = facing_empty();
    in.flags |= FLANK_FI_ROGUE;
    expect_facing_error("ROGUE on a hero defender", &in, FLANK_E_FACING_FLAGS);
    in = facing_empty();
    in.n.square[FLANK_DIR_N] = 0;
    expect_facing_error("MELEE from an empty square", &in, FLANK_E_FACING_FLAGS);
    in.flags = 0;
    expect_eq("a missile from an empty square", flank_facing_eval(&in, &r), 0);
    in = facing_empty();
    in.n.defender = 0;
    in.flags |= FLANK_FI_ROGUE;
    expect_facing_error("ROGUE|MELEE, no hero on the square", &in, FLANK_E_FACING_FLAGS);
    in.n.square[FLANK_DIR_N] |= FLANK_SQ_HERO;
    expect_eq("ROGUE|MELEE from the hero", flank_facing_eval(&in, &r), 0);
    /* The neighbourhood's own faults come first, with flank_score's codes. */
    in = facing_empty();
    in.n.attack_dir = 8;
    in.rules = 99;
    in.facing = 99;
    expect_facing_error("bad direction and rules and facing", &in, FLANK_E_DIRECTION);
    in = facing_empty();
    in.n.square[FLANK_DIR_S] = FLANK_SQ_TAME;
    in.rules = 99;
    expect_facing_error("inconsistent square and bad rules", &in, FLANK_E_INCONSISTENT);
    in = facing_empty();
    in.rules = 99;
    in.facing = 99;
    in.flags = 0xFF;
    expect_facing_error("bad rules, facing and flags", &in, FLANK_E_RULES);
    in.rules = FLANK_RULES_DND;
    expect_facing_error("bad facing and flags", &in, FLANK_E_FACING);

    expect_eq("sizeof flank_facing_input", (long) sizeof(struct flank_facing_input), 32);
    expect_eq("sizeof flank_facing_result", (long) sizeof(struct flank_facing_result), 12);
    expect_eq("FLANK_ABI_VERSION", FLANK_ABI_VERSION, 21);
}

/* The fixture section: every entry of a directory, as the harness sees it:
   one getter, one struct, every field. */
static void list_fixtures(const char *dir)
{
    struct flank_fixture_set *set = flank_fixtures_new();
    struct flank_fixture f;
    const struct flank_fixture *fx = &f;
    int32_t i, n, added;

    expect_eq("flank_fixtures_new", set != NULL, 1);
    added = flank_fixtures_add(set, dir);
    n = flank_fixtures_count(set);
    expect_eq("added == count", added, n);
    expect_eq("add(NULL set)", flank_fixtures_add(NULL, dir), FLANK_E_NULL);
    expect_eq("add(NULL path)", flank_fixtures_add(set, NULL), FLANK_E_NULL);
    expect_eq("count(NULL)", flank_fixtures_count(NULL), FLANK_E_NULL);
    expect_eq("get(-1)", flank_fixtures_get(set, -1, &f), FLANK_E_INDEX);
    expect_eq("get(count)", flank_fixtures_get(set, n, &f), FLANK_E_INDEX);
    expect_eq("get(NULL out)", flank_fixtures_get(set, 0, NULL), FLANK_E_NULL);
    expect_eq("get(NULL set)", flank_fixtures_get(NULL, 0, &f), FLANK_E_NULL);
    for (i = 0; i < n; i++) {
        int d;

        expect_eq("get", flank_fixtures_get(set, i, &f), FLANK_OK);
        if (fx->error) {
            printf("fixture-error %s\n", fx->error);
            continue;
        }
        printf("fixture4 %s", fx->name);
        for (d = 0; d < FLANK_NDIRS; d++)
            printf(" %u", fx->peer[d]);
        printf(" %u %u %d %d\n", fx->def_peer, fx->attacker_level,
               fx->attacker_dx, fx->attacker_dy);
        printf("fixture3 %s %u %u", fx->name, fx->ranged, fx->nfar);
        for (d = 0; d < fx->nfar; d++)
            printf(" %c %u %u %u %u %u", fx->far[d].letter, fx->far[d].row,
                   fx->far[d].col, fx->far[d].line, fx->far[d].states,
                   fx->far[d].arms);
        printf("\n");
        expect_eq("far NULL iff none", fx->far == NULL, fx->nfar == 0);
        printf("fixture2 %s %u %u %u %u %u %u %u %u %u %d %u", fx->name,
               fx->uses_facing, fx->rules, fx->facing, fx->def_facing, fx->flags,
               fx->expect_zone, fx->expect_hit_half_points, fx->expect_shield,
               fx->expect_damage_percent, fx->expect_damage_flat, fx->expect_bits);
        for (d = 0; d < FLANK_NDIRS; d++)
            printf(" %u", fx->creature_facing[d]);
        printf("\n");
        expect_eq("map length", (long) strlen(fx->map), (long) fx->rows * fx->cols);
        expect_eq("@ at def_row, def_col", fx->map[fx->def_row * fx->cols + fx->def_col], '@');
        printf("fixture %s %u %u %u %u %u %u %u", fx->name, fx->expect_half_points,
               fx->defender, fx->attack_dir, fx->rows, fx->cols, fx->def_row, fx->def_col);
        for (d = 0; d < FLANK_NDIRS; d++)
            printf(" %u", fx->creature[d]);
        printf(" %.8s\n", fx->glyph);
    }
    flank_fixtures_free(set);
    flank_fixtures_free(NULL);
    printf("fixtures %d\n", (int) n);
}

/* Every line of a cases file through one(), which reads a line and runs
   its case: 1, or 0 at the end of the file, or -1 for a short line (a
   failure, said); then "KIND-cases N", unless a line was short. */
static void run_cases(const char *path, const char *kind, int (*one)(FILE *f))
{
    FILE *f = fopen(path, "r");
    int n = 0, got;

    if (!f) {
        perror(path);
        failures++;
        return;
    }
    while ((got = one(f)) > 0)
        n++;
    fclose(f);
    if (got == 0)
        printf("%s-cases %d\n", kind, n);
}

/* n more numbers of a cases line into v: 1, or 0 when the line is short
   (a failure, said as WHAT's case NAME) */
static int read_numbers(FILE *f, unsigned *v, int n, const char *what, const char *name)
{
    int i;

    for (i = 0; i < n; i++)
        if (fscanf(f, "%u", &v[i]) != 1) {
            printf("check FAIL %s case %s: short line\n", what, name);
            failures++;
            return 0;
        }
    return 1;
}

/* A facing input's "defender attack_dir s0..s7 facing flags rules", the
   13 numbers v[0..12], into *in. */
static void put_facing(struct flank_facing_input *in, const unsigned *v)
{
    int i;

    in->n.defender = (uint8_t) v[0];
    in->n.attack_dir = (uint8_t) v[1];
    for (i = 0; i < 8; i++)
        in->n.square[i] = (uint16_t) v[2 + i];
    in->facing = (uint8_t) v[10];
    in->flags = (uint8_t) v[11];
    in->rules = (uint8_t) v[12];
}

/* The numbers v[0..n-1] into the bytes *to[0..n-1]. */
static void put_bytes(uint8_t *const *to, int n, const unsigned *v)
{
    int i;

    for (i = 0; i < n; i++)
        *to[i] = (uint8_t) v[i];
}

/* The start of a facing or ranged cases line, "name defender attack_dir
   s0..s7 facing flags rules state0..state7 attacker_level attacker", into
   name and *in (rules as read: a ranged case's 255 is "no facing"): 1; 0
   at the end of the file; -1 when the line is short (a failure). */
static int read_facing_case(FILE *f, const char *what, char *name,
                            struct flank_facing_input *in)
{
    unsigned v[23];
    int i;

    if (fscanf(f, "%255s", name) != 1)
        return 0;
    if (!read_numbers(f, v, 23, what, name))
        return -1;
    memset(in, 0, sizeof *in);
    put_facing(in, v);
    for (i = 0; i < 8; i++)
        in->state[i] = (uint8_t) v[13 + i];
    in->attacker_level = (uint8_t) v[21];
    in->attacker = (uint8_t) v[22];
    return 1;
}

/* One line of a facing cases file through flank_facing_eval(), for
   run_cases(). */
static int facing_case(FILE *f)
{
    char name[256];
    struct flank_facing_input in;
    struct flank_facing_result r;
    int rc, got = read_facing_case(f, "facing", name, &in);

    if (got <= 0)
        return got;
    memset(&r, 0, sizeof r);
    rc = flank_facing_eval(&in, &r);
    printf("facing-case %s %d %u %u %u %u %u %d %u %u %u\n", name, rc,
           r.hit_half_points, r.arc_half_points, r.zone_half_points, r.zone,
           r.damage_percent, r.damage_flat, r.bits, r.shield_counts, r.rules);
    return 1;
}

/* The ranged section's NULL and invalid inputs. */
static void expect_ranged_error(const char *what, const struct flank_ranged *r, int code)
{
    struct flank_neighbourhood n = empty();
    struct flank_detail d;
    struct flank_facing_input in;
    struct flank_facing_result fr;
    char buf[160];

    memset(&in, 0, sizeof in);
    in.n = n;
    in.facing = FLANK_FACING_NONE;
    memset(&d, 0xAB, sizeof d);
    memset(&fr, 0xAB, sizeof fr);
    expect_call("flank_ranged_threats", what, "", flank_ranged_threats(&n, r), code);
    expect_call("flank_explain_ranged", what, "", flank_explain_ranged(&n, r, &d), code);
    expect_call("flank_facing_eval_ranged", what, "",
                flank_facing_eval_ranged(&in, r, &fr), code);
    expect_call("flank_score_ranged", what, "", flank_score_ranged(&n, r), code);
    expect_call("flank_ranged_armed", what, "", flank_ranged_armed(&n, r), code);
    snprintf(buf, sizeof buf, "%s left *out alone", what);
    expect_eq(buf, d.half_points == 0xAB && fr.hit_half_points == 0xAB, 1);
}

static void check_ranged_invalid(void)
{
    struct flank_neighbourhood n = empty(), bad;
    struct flank_ranged r;
    struct flank_detail d1, d2;
    struct flank_facing_input in;
    struct flank_facing_result f1, f2;

    memset(&r, 0, sizeof r);
    expect_eq("sizeof flank_ranged", (long) sizeof r, 40);
    expect_eq("no lines, no threat", flank_ranged_threats(&n, &r), 0);
    expect_eq("threats(NULL n)", flank_ranged_threats(NULL, &r), FLANK_E_NULL);
    expect_eq("threats(NULL r)", flank_ranged_threats(&n, NULL), FLANK_E_NULL);
    expect_eq("explain_ranged(NULL out)", flank_explain_ranged(&n, &r, NULL), FLANK_E_NULL);
    expect_eq("explain_ranged(NULL n)", flank_explain_ranged(NULL, &r, &d1), FLANK_E_NULL);
    expect_eq("score_ranged(NULL n)", flank_score_ranged(NULL, &r), FLANK_E_NULL);
    expect_eq("score_ranged(NULL r) == score", flank_score_ranged(&n, NULL), flank_score(&n));
    expect_eq("ranged_lines(NULL)", flank_ranged_lines(NULL), FLANK_E_NULL);
    expect_eq("ranged_armed(NULL n)", flank_ranged_armed(NULL, &r), FLANK_E_NULL);
    expect_eq("ranged_armed(NULL r)", flank_ranged_armed(&n, NULL), FLANK_E_NULL);
    /* the attacker north: every line but north's */
    expect_eq("ranged_lines, attacker north", flank_ranged_lines(&n),
              0xFF & ~(1 << FLANK_DIR_N));
    bad = n;
    bad.square[FLANK_DIR_E] = FLANK_SQ_CREATURE | FLANK_SQ_PEACEFUL;
    bad.square[FLANK_DIR_SW] = FLANK_SQ_BLOCKED;
    expect_eq("ranged_lines, not behind a creature", flank_ranged_lines(&bad),
              0xFF & ~(1 << FLANK_DIR_N) & ~(1 << FLANK_DIR_E));
    /* NULL r: exactly flank_explain() and flank_facing_eval() */
    memset(&d1, 0, sizeof d1);
    memset(&d2, 0, sizeof d2);
    expect_eq("explain_ranged(NULL r) == explain", flank_explain_ranged(&n, NULL, &d1),
              flank_explain(&n, &d2));
    expect_eq("same detail", memcmp(&d1, &d2, sizeof d1), 0);
    memset(&in, 0, sizeof in);
    in.n = n;
    in.facing = FLANK_DIR_S;
    in.rules = FLANK_RULES_IMPLICIT;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    expect_eq("facing_eval_ranged(NULL r) == facing_eval",
              flank_facing_eval_ranged(&in, NULL, &f1), flank_facing_eval(&in, &f2));
    expect_eq("same result", memcmp(&f1, &f2, sizeof f1), 0);
    expect_eq("facing_eval_ranged(NULL out)", flank_facing_eval_ranged(&in, &r, NULL),
              FLANK_E_NULL);
    /* the neighbourhood's fault comes first */
    bad = n;
    bad.attack_dir = 9;
    r.dist[0] = 1;
    expect_eq("bad n and r: n's code", flank_ranged_threats(&bad, &r), FLANK_E_DIRECTION);
    expect_ranged_error("distance without a creature", &r, FLANK_E_RANGED);
    memset(&r, 0, sizeof r);
    r.square[3] = FLANK_SQ_CREATURE;
    r.dist[3] = 1;
    expect_ranged_error("distance 1", &r, FLANK_E_RANGED);
    r.dist[3] = FLANK_RANGE_MAX + 1;
    expect_ranged_error("distance 8", &r, FLANK_E_RANGED);
    r.dist[3] = 3;
    r.arms[3] = 0x40;
    expect_ranged_error("unknown arms", &r, FLANK_E_RANGED);
    r.arms[3] = FLANK_RA_LAUNCHER;
    r.reach[3] = 5;
    expect_ranged_error("reach without a polearm", &r, FLANK_E_RANGED);
    r.reach[3] = 0;
    r.square[3] |= FLANK_SQ_BLOCKED;
    expect_ranged_error("a blocked creature", &r, FLANK_E_RANGED);
    r.square[3] = FLANK_SQ_CREATURE | FLANK_SQ_PEACEFUL | FLANK_SQ_TAME;
    expect_ranged_error("inconsistent bits", &r, FLANK_E_RANGED);
    /* a good line: an archer 3 squares north-east of the hero */
    r.square[3] = FLANK_SQ_CREATURE;
    expect_eq("an archer north-east", flank_ranged_threats(&n, &r), 1 << FLANK_DIR_NE);
    expect_eq("its arms decide", flank_ranged_armed(&n, &r), 1 << FLANK_DIR_NE);
    /* NE and N (the attacker) are threats: the arc is 6, 2 half points */
    expect_eq("score_ranged with it", flank_score_ranged(&n, &r), 2);
    r.arms[3] = 0;
    expect_eq("its arms decide, unarmed too", flank_ranged_armed(&n, &r), 1 << FLANK_DIR_NE);
    expect_eq("score_ranged unarmed", flank_score_ranged(&n, &r), flank_score(&n));
    r.square[3] |= FLANK_SQ_PEACEFUL;
    expect_eq("a peaceful one's arms do not", flank_ranged_armed(&n, &r), 0);
    r.square[3] = FLANK_SQ_CREATURE;
    r.arms[3] = FLANK_RA_LAUNCHER;
    expect_eq("strerror(FLANK_E_RANGED)",
              strncmp(flank_strerror(FLANK_E_RANGED), "FLANK_E_RANGED:", 15), 0);
}

/* The lines of `lines` a gatherer builds when it asks the engine which it
   needs: those flank_ranged_lines() names, the others empty; arms and
   reach only where flank_ranged_armed() says they decide, 0 elsewhere. */
static struct flank_ranged pruned(const struct flank_neighbourhood *n,
                                  const struct flank_ranged *lines)
{
    struct flank_ranged p;
    int i, want = flank_ranged_lines(n), armed;

    memset(&p, 0, sizeof p);
    for (i = 0; i < 8; i++)
        if (want >= 0 && (want & (1 << i))) {
            p.square[i] = lines->square[i];
            p.dist[i] = lines->dist[i];
        }
    armed = flank_ranged_armed(n, &p);
    for (i = 0; i < 8; i++)
        if (armed >= 0 && (armed & (1 << i))) {
            p.arms[i] = lines->arms[i];
            p.reach[i] = lines->reach[i];
        }
    return p;
}

/* A ranged cases line: a facing case's start (read_facing_case()), then
   the struct flank_ranged's square[8] dist[8] arms[8] reach[8] into
   *lines: 1; 0 at the end of the file; -1 when the line is short. */
static int read_ranged_case(FILE *f, char *name, struct flank_facing_input *in,
                            struct flank_ranged *lines)
{
    unsigned v[8 + 8 + 8 + 8];
    int i, got = read_facing_case(f, "ranged", name, in);

    if (got <= 0)
        return got;
    if (!read_numbers(f, v, 32, "ranged", name))
        return -1;
    memset(lines, 0, sizeof *lines);
    for (i = 0; i < 8; i++) {
        lines->square[i] = (uint16_t) v[i];
        lines->dist[i] = (uint8_t) v[8 + i];
        lines->arms[i] = (uint8_t) v[16 + i];
        lines->reach[i] = (uint8_t) v[24 + i];
    }
    return 1;
}

/* One line of a ranged cases file through the ranged functions, for
   run_cases(). */
static int ranged_case(FILE *f)
{
    char name[256];
    struct flank_facing_input in;
    struct flank_ranged lines;
    struct flank_facing_result r;
    struct flank_detail d;
    int rc, mask, got = read_ranged_case(f, name, &in, &lines);

    if (got <= 0)
        return got;
    mask = flank_ranged_threats(&in.n, &lines);
    memset(&d, 0, sizeof d);
    rc = flank_explain_ranged(&in.n, &lines, &d);
    printf("ranged-case %s %d %d %u %u %u %u %u %u %u\n", name, mask, rc,
           d.half_points, d.threats, d.arc, d.arc_start, d.behind,
           d.behind_blocked, d.beside);
    {
        /* the fast path scores the same; and so do the lines a
           gatherer builds when it asks which it needs */
        struct flank_ranged p = pruned(&in.n, &lines);
        struct flank_detail pd;

        expect_eq(name, flank_score_ranged(&in.n, &lines), rc);
        if (rc >= 0) {
            memset(&pd, 0, sizeof pd);
            expect_eq(name, flank_score_ranged(&in.n, &p), rc);
            expect_eq(name, flank_explain_ranged(&in.n, &p, &pd), rc);
            expect_eq(name, memcmp(&pd, &d, sizeof d), 0);
        }
    }
    if (in.rules != 255) {
        memset(&r, 0, sizeof r);
        rc = flank_facing_eval_ranged(&in, &lines, &r);
        printf("ranged-facing %s %d %u %u %u %u %u %d %u %u %u\n", name, rc,
               r.hit_half_points, r.arc_half_points, r.zone_half_points, r.zone,
               r.damage_percent, r.damage_flat, r.bits, r.shield_counts, r.rules);
        if (rc >= 0) {
            /* the same with the lines a gatherer needs */
            struct flank_facing_result pr;
            struct flank_ranged p = pruned(&in.n, &lines);

            memset(&pr, 0, sizeof pr);
            expect_eq(name, flank_facing_eval_ranged(&in, &p, &pr), rc);
            expect_eq(name, memcmp(&pr, &r, sizeof r), 0);
        }
    }
    return 1;
}

/* The plan section's baseline: a jackal two squares east of the hero, in
   the open, stepping to N, NE, E, SE or S (vanilla: NE), one ally three
   squares away at speed 12: it waits for it. */
static struct flank_plan_input plan_empty(void)
{
    struct flank_plan_input in;
    memset(&in, 0, sizeof in);
    in.ntargets = 1;
    in.since = 255;
    in.nallies = 1;
    in.ally_dist[0] = 3;
    in.ally_speed[0] = 12;
    in.target[0].in.n.defender = FLANK_DEF_HERO;
    in.target[0].in.facing = FLANK_FACING_NONE;
    in.target[0].in.rules = FLANK_RULES_PROPOSAL;
    in.target[0].from = FLANK_PLAN_NONE;
    in.target[0].candidates = (1u << FLANK_DIR_N) | (1u << FLANK_DIR_NE)
                              | (1u << FLANK_DIR_E) | (1u << FLANK_DIR_SE)
                              | (1u << FLANK_DIR_S);
    in.target[0].chosen = FLANK_DIR_NE;
    in.target[0].heading = FLANK_PLAN_NONE; /* the hero stands */
    in.target[0].hero = FLANK_PLAN_NONE;    /* the target is the hero */
    return in;
}

/* flank_plan_asking()'s callback: the allies in *ctx (a struct
   flank_plan_input's), counted in asked_calls; one at speed 0 when
   asked_zero_speed. */
static int asked_calls, asked_count, asked_zero_speed;
static int32_t give_allies(void *ctx, uint8_t *dist, uint8_t *speed)
{
    const struct flank_plan_input *src = ctx;
    asked_calls++;
    memcpy(dist, src->ally_dist, FLANK_PLAN_MAX_ALLIES);
    memcpy(speed, src->ally_speed, FLANK_PLAN_MAX_ALLIES);
    if (asked_zero_speed)
        speed[0] = 0;
    return asked_count;
}

/* flank_plan_asking() on in, its allies given by give_allies(): the same
   answer as flank_plan(), and asked for them `calls` times. */
static void expect_asking(const char *what, const struct flank_plan_input *in, int calls)
{
    struct flank_plan_input q = *in;
    struct flank_plan_result want, got;
    int rc;

    memset(&want, 0xAB, sizeof want);
    memset(&got, 0xAB, sizeof got);
    rc = flank_plan(in, &want);
    q.nallies = 0;
    memset(q.ally_dist, 0, sizeof q.ally_dist);
    memset(q.ally_speed, 0, sizeof q.ally_speed);
    asked_calls = 0, asked_count = in->nallies, asked_zero_speed = 0;
    expect_call("flank_plan_asking", what, "",
                flank_plan_asking(&q, give_allies, (void *) in, &got), rc);
    expect_call("flank_plan_asking", what, " as flank_plan()",
                memcmp(&got, &want, sizeof got), 0);
    expect_call("flank_plan_asking", what, " asked", asked_calls, calls);
}

static void check_plan_asking(void)
{
    struct flank_plan_input in = plan_empty(), q;
    struct flank_plan_result r;

    /* the baseline waits for its ally: asked for it, once */
    expect_asking("baseline", &in, 1);
    /* a pet never waits, nor a jackal arriving where a hostile already
       stands next to the hero: not asked */
    in.flags = FLANK_PL_PET;
    expect_asking("pet", &in, 0);
    in = plan_empty();
    in.target[0].in.n.square[FLANK_DIR_SW] = FLANK_SQ_CREATURE;
    expect_asking("not alone", &in, 0);
    flank_plan(&in, &r);
    expect_eq("not alone: none counted as coming", r.coming, 0);
    /* next to the hero already: not asked */
    in = plan_empty();
    in.target[0].from = FLANK_DIR_E;
    in.target[0].candidates &= ~(1u << FLANK_DIR_E);
    in.target[0].in.n.square[FLANK_DIR_E] = FLANK_SQ_CREATURE;
    expect_asking("beside", &in, 0);

    /* what the callback gives is checked as the input's allies are */
    in = plan_empty();
    q = in;
    q.nallies = 0;
    memset(&r, 0xAB, sizeof r);
    asked_calls = 0, asked_count = FLANK_PLAN_MAX_ALLIES + 1;
    asked_zero_speed = 0;
    expect_eq("asking: nine allies",
              flank_plan_asking(&q, give_allies, &in, &r), FLANK_E_PLAN);
    asked_count = -1;
    expect_eq("asking: a count below 0",
              flank_plan_asking(&q, give_allies, &in, &r), FLANK_E_PLAN);
    asked_count = 1, asked_zero_speed = 1;
    expect_eq("asking: a speed of 0",
              flank_plan_asking(&q, give_allies, &in, &r), FLANK_E_PLAN);
    expect_eq("asking: *out left alone", r.action == 0xAB && r.why == 0xAB, 1);
    expect_eq("asking: asked each time", asked_calls, 3);
    /* refused before asking: allies in the input too, no callback, NULL */
    asked_calls = 0, asked_zero_speed = 0;
    expect_eq("asking: nallies given",
              flank_plan_asking(&in, give_allies, &in, &r), FLANK_E_PLAN);
    expect_eq("asking: no callback", flank_plan_asking(&q, NULL, &in, &r),
              FLANK_E_NULL);
    expect_eq("asking: NULL in", flank_plan_asking(NULL, give_allies, &in, &r),
              FLANK_E_NULL);
    expect_eq("asking: NULL out", flank_plan_asking(&q, give_allies, &in, NULL),
              FLANK_E_NULL);
    expect_eq("asking: not asked", asked_calls, 0);
}

/* A refused plan gives `code` and leaves *out alone. */
static void expect_plan_error(const char *what, const struct flank_plan_input *in, int code)
{
    struct flank_plan_result r;
    memset(&r, 0xAB, sizeof r);
    expect_call("flank_plan", what, "", flank_plan(in, &r), code);
    expect_call("flank_plan", what, " left *out alone",
                r.action == 0xAB && r.why == 0xAB && r.new_wait == 0xAB, 1);
}

static void check_plan_invalid(void)
{
    struct flank_plan_input in;
    struct flank_plan_result r;

    /* The baseline: five candidates scored, it waits, a new wait. */
    in = plan_empty();
    expect_eq("plan baseline", flank_plan(&in, &r), 5);
    expect_eq("plan baseline action", r.action, FLANK_PLAN_WAIT);
    expect_eq("plan baseline why", r.why, FLANK_WHY_WAITING);
    expect_eq("plan baseline coming", r.coming, 1);
    expect_eq("plan baseline new_wait", r.new_wait, 1);
    expect_eq("plan baseline dir", r.dir, FLANK_PLAN_NONE);
    /* A hostile west of the hero: the jackal steps east, opposite. */
    in.target[0].in.n.square[FLANK_DIR_W] = FLANK_SQ_CREATURE;
    expect_eq("plan east", flank_plan(&in, &r), 5);
    expect_eq("plan east action", r.action, FLANK_PLAN_MOVE);
    expect_eq("plan east target", r.target, 0);
    expect_eq("plan east dir", r.dir, FLANK_DIR_E);
    expect_eq("plan east why", r.why, FLANK_WHY_BETTER);
    expect_eq("plan east half points", r.half_points, 8);
    expect_eq("plan east vanilla", r.vanilla_half_points, 6);
    /* The hero has just stepped north: the square in her way comes before
       the flank; three turns later her heading no longer counts. */
    in.target[0].heading = FLANK_DIR_N;
    expect_eq("plan heading", flank_plan(&in, &r), 5);
    expect_eq("plan heading action", r.action, FLANK_PLAN_MOVE);
    expect_eq("plan heading dir", r.dir, FLANK_DIR_N);
    in.heading_age = FLANK_PLAN_HEADING_TURNS;
    expect_eq("plan old heading", flank_plan(&in, &r), 5);
    expect_eq("plan old heading dir", r.dir, FLANK_DIR_E);
    /* A hero leaving by a door: she has stepped west into its doorway,
       walls north and south of her, rock beyond them, and no diagonal step
       out of it.  The jackal's diagonal squares flank her (1.5) until it
       is told it could follow her only from east, vanilla's square; with
       her standing, that is not asked. */
    in = plan_empty();
    in.nallies = 0;
    in.target[0].candidates = (1u << FLANK_DIR_NE) | (1u << FLANK_DIR_E)
                              | (1u << FLANK_DIR_SE);
    in.target[0].chosen = FLANK_DIR_E;
    in.target[0].heading = FLANK_DIR_W;
    in.target[0].in.n.square[FLANK_DIR_N] = FLANK_SQ_BLOCKED;
    in.target[0].in.n.square[FLANK_DIR_S] = FLANK_SQ_BLOCKED;
    in.target[0].in.n.square[FLANK_DIR_NW] = FLANK_SQ_BLOCKED;
    in.target[0].in.n.square[FLANK_DIR_SW] = FLANK_SQ_BLOCKED;
    in.target[0].in.n.square[FLANK_DIR_NE] = FLANK_SQ_BLOCKED;
    in.target[0].in.n.square[FLANK_DIR_SE] = FLANK_SQ_BLOCKED;
    expect_eq("plan doorway", flank_plan(&in, &r), 3);
    expect_eq("plan doorway action", r.action, FLANK_PLAN_MOVE);
    expect_eq("plan doorway dir", r.dir, FLANK_DIR_NE);
    expect_eq("plan doorway half points", r.half_points, 3);
    in.target[0].follow = 1u << FLANK_DIR_E;
    expect_eq("plan doorway followed", flank_plan(&in, &r), 3);
    expect_eq("plan doorway followed action", r.action, FLANK_PLAN_KEEP);
    in.target[0].heading = FLANK_PLAN_NONE;
    expect_eq("plan doorway standing", flank_plan(&in, &r), 3);
    expect_eq("plan doorway standing dir", r.dir, FLANK_DIR_NE);
    /* A pet never waits. */
    in = plan_empty();
    in.flags = FLANK_PL_PET;
    expect_eq("plan pet", flank_plan(&in, &r), 5);
    expect_eq("plan pet action", r.action, FLANK_PLAN_KEEP);
    expect_eq("plan pet why", r.why, FLANK_WHY_PET);

    /* NULL pointers. */
    in = plan_empty();
    expect_eq("flank_plan(NULL, &r)", flank_plan(NULL, &r), FLANK_E_NULL);
    expect_eq("flank_plan(&in, NULL)", flank_plan(&in, NULL), FLANK_E_NULL);
    expect_eq("flank_plan(NULL, NULL)", flank_plan(NULL, NULL), FLANK_E_NULL);

    /* The plan's own fields. */
    in = plan_empty();
    in.ntargets = 0;
    expect_plan_error("ntargets 0", &in, FLANK_E_PLAN);
    in.ntargets = FLANK_PLAN_MAX_TARGETS + 1;
    expect_plan_error("ntargets 5", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.nallies = FLANK_PLAN_MAX_ALLIES + 1;
    expect_plan_error("nallies 9", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.ally_speed[0] = 0;
    expect_plan_error("speed 0", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.flags = FLANK_PL_ALL + 1;
    expect_plan_error("flags outside FLANK_PL_ALL", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].heading = FLANK_PLAN_NONE + 1;
    expect_plan_error("heading outside 0..8", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].hero = FLANK_PLAN_NONE + 1;
    expect_plan_error("hero outside 0..8", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].hero = FLANK_DIR_W;
    expect_plan_error("no hero on the hero's square", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].chosen = FLANK_DIR_W;
    expect_plan_error("chosen not a candidate", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].follow = 1u << FLANK_DIR_W;
    expect_plan_error("follow not a candidate", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].in.n.square[FLANK_DIR_E] = FLANK_SQ_CREATURE;
    expect_plan_error("a candidate holds a creature", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].from = FLANK_DIR_W;
    expect_plan_error("no creature on from", &in, FLANK_E_PLAN);
    in = plan_empty();
    in.target[0].in.flags = FLANK_FI_ROGUE;
    expect_plan_error("FLANK_FI_ROGUE", &in, FLANK_E_PLAN);
    /* A target's facing input: its own codes. */
    in = plan_empty();
    in.target[0].in.n.square[FLANK_DIR_W] = 0x8000;
    expect_plan_error("square bits", &in, FLANK_E_SQUARE_BITS);
    in = plan_empty();
    in.target[0].in.rules = 9;
    expect_plan_error("rules 9", &in, FLANK_E_RULES);
    in = plan_empty();
    in.target[0].in.facing = FLANK_FACING_NONE + 1;
    expect_plan_error("facing 9", &in, FLANK_E_FACING);
    /* attack_dir and FLANK_FI_MELEE are ignored, and so is what lies
       beyond ntargets and nallies. */
    in = plan_empty();
    in.target[0].in.n.attack_dir = 200;
    in.target[0].in.flags = FLANK_FI_MELEE;
    in.target[1].in.rules = 99;
    in.ally_speed[1] = 0;
    expect_eq("ignored fields", flank_plan(&in, &r), 5);
    expect_eq("ignored fields: still waits", r.action, FLANK_PLAN_WAIT);

    expect_eq("sizeof flank_plan_target", (long) sizeof(struct flank_plan_target), 38);
    expect_eq("sizeof flank_plan_input", (long) sizeof(struct flank_plan_input), 174);
    expect_eq("sizeof flank_plan_result", (long) sizeof(struct flank_plan_result), 8);
    {
        /* the sizes and offsets, in the order abi_c.rs lists bindgen's */
#define IN_(f) offsetof(struct flank_plan_input, f)
#define TG_(f) offsetof(struct flank_plan_target, f)
#define RE_(f) offsetof(struct flank_plan_result, f)
        const size_t layout[] = {
            sizeof(struct flank_plan_input), IN_(flags), IN_(ntargets), IN_(waited),
            IN_(since), IN_(nallies), IN_(heading_age), IN_(ally_dist), IN_(ally_speed),
            IN_(target), sizeof(struct flank_plan_target), TG_(in), TG_(from),
            TG_(candidates), TG_(chosen), TG_(heading), TG_(hero), TG_(follow),
            sizeof(struct flank_plan_result), RE_(action), RE_(target), RE_(dir),
            RE_(why), RE_(half_points), RE_(new_wait)};
#undef IN_
#undef TG_
#undef RE_
        size_t k;

        printf("plan-layout");
        for (k = 0; k < sizeof layout / sizeof layout[0]; k++)
            printf(" %lu", (unsigned long) layout[k]);
        printf("\n");
    }
}

/* A plan cases line, "name" and the 102 numbers of a struct
   flank_plan_input, into name and *in: 1; 0 at the end of the file; -1
   when the line is short (a failure). */
static int read_plan_case(FILE *f, char *name, struct flank_plan_input *in)
{
    unsigned v[102];
    int i, t;

    if (fscanf(f, "%255s", name) != 1)
        return 0;
    if (!read_numbers(f, v, 102, "plan", name))
        return -1;
    memset(in, 0, sizeof *in);
    {
        uint8_t *const head[] = {&in->flags, &in->ntargets, &in->waited,
                                 &in->since, &in->nallies, &in->heading_age};
        put_bytes(head, 6, v);
    }
    for (i = 0; i < FLANK_PLAN_MAX_ALLIES; i++) {
        in->ally_dist[i] = (uint8_t) v[6 + i];
        in->ally_speed[i] = (uint8_t) v[14 + i];
    }
    for (t = 0; t < FLANK_PLAN_MAX_TARGETS; t++) {
        const unsigned *w = v + 22 + 20 * t;
        struct flank_plan_target *pt = &in->target[t];
        uint8_t *const tail[] = {&pt->in.reserved, &pt->from, &pt->candidates,
                                 &pt->chosen, &pt->heading, &pt->hero, &pt->follow};

        put_facing(&pt->in, w);
        put_bytes(tail, 7, w + 13);
    }
    return 1;
}

/* One line of a plan cases file through flank_plan(), for run_cases(). */
static int plan_case(FILE *f)
{
    char name[256];
    struct flank_plan_input in;
    struct flank_plan_result r;
    int rc, got = read_plan_case(f, name, &in);

    if (got <= 0)
        return got;
    memset(&r, 0xAB, sizeof r);
    rc = flank_plan(&in, &r);
    printf("plan-case %s %d %u %u %u %u %u %u %u %u\n", name, rc, r.action,
           r.target, r.dir, r.why, r.half_points, r.vanilla_half_points,
           r.coming, r.new_wait);
    return 1;
}

/* The save files' mark (ABI 13, 18): RFC 4231's test case 4 (a key of 25
   bytes 0x01..0x19), whole and fed in pieces; a changed byte refused; a
   key of 15 or 65 bytes refused; every bad argument an error code with out
   untouched. */
static void check_save_mac(void)
{
    static const uint8_t want[FLANK_SAVE_MAC_LEN] = {
        0x82, 0x55, 0x8a, 0x38, 0x9a, 0x44, 0x3c, 0x0e, 0xa4, 0xcc, 0x81,
        0x98, 0x99, 0xf2, 0x08, 0x3a, 0x85, 0xf0, 0xfa, 0xa3, 0xe5, 0x78,
        0xf8, 0x07, 0x7a, 0x2e, 0x3f, 0xf4, 0x67, 0x29, 0x66, 0x5b};
    uint8_t key[FLANK_SAVE_KEY_MAX + 1], data[50], out[FLANK_SAVE_MAC_LEN],
        untouched[FLANK_SAVE_MAC_LEN];
    uint32_t len = (uint32_t) sizeof data, i;
    struct flank_save_mac_state *st = NULL;

    for (i = 0; i < 25; i++)
        key[i] = (uint8_t) (i + 1);
    memset(data, 0xcd, sizeof data);
    expect_eq("save mac", flank_save_mac(key, 25, data, len, out), FLANK_OK);
    expect_eq("save mac: RFC 4231 case 4", memcmp(out, want, sizeof want), 0);
    expect_eq("save mac check", flank_save_mac_check(key, 25, data, len, out),
              1);
    out[31] ^= 1;
    expect_eq("save mac check: a changed byte",
              flank_save_mac_check(key, 25, data, len, out), 0);
    memset(untouched, 0x5c, sizeof untouched);
    memcpy(out, untouched, sizeof out);
    expect_eq("save mac: short key",
              flank_save_mac(key, FLANK_SAVE_KEY_MIN - 1, data, len, out),
              FLANK_E_SAVE_KEY);
    memset(key + 25, 0x11, sizeof key - 25);
    expect_eq("save mac: long key",
              flank_save_mac(key, FLANK_SAVE_KEY_MAX + 1, data, len, out),
              FLANK_E_SAVE_KEY);
    expect_eq("save mac: NULL data",
              flank_save_mac(key, 25, NULL, 3, out), FLANK_E_NULL);
    expect_eq("save mac: NULL out",
              flank_save_mac(key, 25, data, len, NULL), FLANK_E_NULL);
    expect_eq("save mac: out untouched", memcmp(out, untouched, sizeof out), 0);
    expect_eq("save mac check: NULL mark",
              flank_save_mac_check(key, 25, data, len, NULL), FLANK_E_NULL);
    expect_eq("save mac check: short key",
              flank_save_mac_check(key, 3, data, len, want), FLANK_E_SAVE_KEY);

    /* fed in pieces of 7 bytes: the same mark; checked likewise */
    expect_eq("save mac begin", flank_save_mac_begin(key, 25, &st), FLANK_OK);
    for (i = 0; i < len; i += 7)
        expect_eq("save mac update",
                  flank_save_mac_update(st, data + i,
                                        len - i < 7 ? len - i : 7),
                  FLANK_OK);
    expect_eq("save mac end", flank_save_mac_end(st, out), FLANK_OK);
    expect_eq("save mac end: RFC 4231 case 4", memcmp(out, want, sizeof want),
              0);
    expect_eq("save mac begin", flank_save_mac_begin(key, 25, &st), FLANK_OK);
    expect_eq("save mac update", flank_save_mac_update(st, data, len),
              FLANK_OK);
    expect_eq("save mac end check", flank_save_mac_end_check(st, want), 1);
    out[0] ^= 0x80;
    expect_eq("save mac begin", flank_save_mac_begin(key, 25, &st), FLANK_OK);
    expect_eq("save mac update", flank_save_mac_update(st, data, len),
              FLANK_OK);
    expect_eq("save mac end check: a changed byte",
              flank_save_mac_end_check(st, out), 0);
    /* bad keys and pointers */
    st = (struct flank_save_mac_state *) untouched;
    expect_eq("save mac begin: long key",
              flank_save_mac_begin(key, FLANK_SAVE_KEY_MAX + 1, &st),
              FLANK_E_SAVE_KEY);
    expect_eq("save mac begin: *out NULL on an error", st == NULL, 1);
    expect_eq("save mac begin: short key",
              flank_save_mac_begin(key, FLANK_SAVE_KEY_MIN - 1, &st),
              FLANK_E_SAVE_KEY);
    expect_eq("save mac begin: NULL key",
              flank_save_mac_begin(NULL, 16, &st), FLANK_E_NULL);
    expect_eq("save mac begin: NULL out",
              flank_save_mac_begin(key, 16, NULL), FLANK_E_NULL);
    expect_eq("save mac update: NULL state",
              flank_save_mac_update(NULL, data, 1), FLANK_E_NULL);
    expect_eq("save mac begin", flank_save_mac_begin(key, 16, &st), FLANK_OK);
    expect_eq("save mac update: NULL data",
              flank_save_mac_update(st, NULL, 1), FLANK_E_NULL);
    memcpy(out, untouched, sizeof out);
    expect_eq("save mac end: NULL state", flank_save_mac_end(NULL, out),
              FLANK_E_NULL);
    expect_eq("save mac end: out untouched", memcmp(out, untouched, sizeof out),
              0);
    expect_eq("save mac end check: NULL mark",
              flank_save_mac_end_check(st, NULL), FLANK_E_NULL);
    expect_eq("save mac begin", flank_save_mac_begin(key, 16, &st), FLANK_OK);
    flank_save_mac_abandon(st);
    flank_save_mac_abandon(NULL);
    expect_eq("FLANK_SAVE_TRAILER_LEN", FLANK_SAVE_TRAILER_LEN,
              (long) strlen(FLANK_SAVE_MAGIC) + FLANK_SAVE_NONCE_LEN
                  + FLANK_SAVE_MAC_LEN);
}

int main(int argc, char **argv)
{
    FILE *f;
    char name[256];
    unsigned def, dir, s[8];
    int cases = 0;

    if (argc < 2 || argc > 6) {
        fprintf(stderr, "usage: abi_test CASES-FILE [FIXTURES-DIR [FACING-CASES-FILE"
                        " [PLAN-CASES-FILE [RANGED-CASES-FILE]]]]\n");
        return 2;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    while (fscanf(f, "%255s %u %u %u %u %u %u %u %u %u %u", name, &def, &dir, &s[0],
                  &s[1], &s[2], &s[3], &s[4], &s[5], &s[6], &s[7]) == 11) {
        struct flank_neighbourhood n;
        struct flank_detail d;
        int i, score, rc;

        memset(&n, 0, sizeof n);
        for (i = 0; i < 8; i++)
            n.square[i] = (uint16_t) s[i];
        n.defender = (uint8_t) def;
        n.attack_dir = (uint8_t) dir;
        memset(&d, 0, sizeof d);
        score = flank_score(&n);
        rc = flank_explain(&n, &d);
        printf("case %s %d %u %u %u %u %u %u %u %u %d\n", name, score, d.half_points,
               d.threats, d.arc, d.arc_start, d.behind, d.behind_blocked, d.beside,
               d.reserved, rc);
        cases++;
    }
    fclose(f);
    check_invalid();
    check_save_mac();
    check_facing_invalid();
    check_plan_invalid();
    check_plan_asking();
    check_ranged_invalid();
    if (argc >= 3)
        list_fixtures(argv[2]);
    if (argc >= 4)
        run_cases(argv[3], "facing", facing_case);
    if (argc >= 5)
        run_cases(argv[4], "plan", plan_case);
    if (argc == 6)
        run_cases(argv[5], "ranged", ranged_case);
    printf("cases %d checks %d failures %d\n", cases, checks, failures);
    return failures ? 1 : 0;
}
