/* NetHack 3.6	flanksys.c	NetHack Flanking: sysconf's settings */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * sysconf's flanking settings: their defaults (rust-flanking's flanking.h,
 * FLANK_*_DEFAULT, their one home) before sysconf is read, files.c reads
 * each one and checks it with the functions here, and flank_init() puts
 * them in force once, at start-up, in the glue's flank_cfg (flank.h),
 * which every evaluation reads.  What an attack asks of them on every
 * evaluation stays in flank.c.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

STATIC_DCL char *FDECL(flank_start_line, (char *));

struct flank_settings flank_cfg = { FLANK_PERCENT_DEFAULT,
                                    FLANK_RULES_DEFAULT, FLANK_RI_ARC,
                                    FLANK_AI_DEFAULT, FLANK_RANGED_DEFAULT };
unsigned char flank_outflanker[NUMMONS];

/* sysconf's flanking settings when it says nothing (flanking.h's
   FLANK_*_DEFAULT): FLANKING, FLANKING_RULES (a rule set's id),
   FLANKING_AI, FLANKING_RANGED; returns that rule set's name, as sysconf
   writes it.  For flank_sysopt_defaults() and for callers outside the
   game (NLE's Python: nle_flanking's Flanking) */
const char *
flank_defaults(percent, rules, ai, ranged)
int *percent, *rules, *ai, *ranged;
{
    *percent = FLANK_PERCENT_DEFAULT;
    *rules = FLANK_RULES_DEFAULT;
    *ai = FLANK_AI_DEFAULT;
    *ranged = FLANK_RANGED_DEFAULT;
    return flank_rules_name((int32_t) FLANK_RULES_DEFAULT);
}

/* struct sysopt's flanking settings, their defaults (sys_early_init(),
   before sysconf is read) */
void
flank_sysopt_defaults()
{
    (void) flank_defaults(&sysopt.flanking, &sysopt.flanking_rules,
                          &sysopt.flanking_ai, &sysopt.flanking_ranged);
}

/* is p a valid sysconf FLANKING percent? */
boolean
flank_valid_percent(p)
long p;
{
    return (boolean) (p >= 0L && p <= (long) FLANK_PERCENT_MAX);
}

/* the largest sysconf FLANKING percent, for messages */
int
flank_max_percent()
{
    return (int) FLANK_PERCENT_MAX;
}

/* sysconf has been read: its settings in force (once, at start-up) */
void
flank_init()
{
    /* files.c already refused out-of-range values; belt and braces */
    if (!flank_valid_percent((long) sysopt.flanking)) {
        impossible("flanking: percent %d", sysopt.flanking);
        flank_cfg.percent = FLANK_PERCENT_DEFAULT;
    } else {
        flank_cfg.percent = sysopt.flanking;
    }
    if (!flank_set_rules(sysopt.flanking_rules)) {
        impossible("flanking: rule set %d", sysopt.flanking_rules);
        (void) flank_set_rules(FLANK_RULES_DEFAULT);
    }
    flank_set_ai(sysopt.flanking_ai != 0);
    flank_set_ranged(sysopt.flanking_ranged != 0);
}

/* monsters that flank (sysconf FLANKING_AI): on or off */
void
flank_set_ai(on)
boolean on;
{
    flank_cfg.ai = on;
}

/* threats from range (sysconf FLANKING_RANGED): on or off */
void
flank_set_ranged(on)
boolean on;
{
    flank_cfg.ranged = on;
}

/* the rule set named by a sysconf FLANKING_RULES value, or -1 */
int
flank_parse_rules(name)
const char *name;
{
    int32_t id = flank_rules_parse(name);

    return (id < 0) ? -1 : (int) id;
}

/* every rule set's name, "proposal, implicit, ..." into buf (BUFSZ) */
char *
flank_rules_list(buf)
char *buf;
{
    const char *name;
    int32_t id;

    *buf = '\0';
    for (id = 0; id < 0x20; id++)
        if ((name = flank_rules_name(id)) != 0
            && strlen(buf) + strlen(name) + 3 < BUFSZ)
            Sprintf(eos(buf), "%s%s", *buf ? ", " : "", name);
    return buf;
}

/* put rule set id in force: FALSE, and nothing changed, if it is none */
boolean
flank_set_rules(id)
int id;
{
    int i;

    if (id < 0 || !flank_rules_name((int32_t) id))
        return FALSE;
    flank_cfg.rules = id;
    flank_cfg.ri = (int) flank_rules_info((int32_t) id);
    for (i = LOW_PM; i < NUMMONS; i++)
        flank_outflanker[i] =
            (flank_cfg.ri & FLANK_RI_PEER)
            && flank_rules_outflanker((int32_t) id, mons[i].mname) == 1;
    return TRUE;
}

/* the rule set in force, its id */
int
flank_rules()
{
    return flank_cfg.rules;
}

/*
 * The four flanking settings of this game in one short code, for the
 * xlogfile and the dump log: "nf-dnd-100-a0-r1" is NetHack Flanking, rule
 * set dnd, FLANKING=100, FLANKING_AI=0, FLANKING_RANGED=1 ('+' of a
 * combined rule set kept: "nf-proposal+tactics-100-a1-r0").  Static.
 */
const char *
flank_settings_code()
{
    static char code[BUFSZ];

    Sprintf(code, "nf-%s-%d-a%d-r%d", flank_rules_now(), sysopt.flanking,
            sysopt.flanking_ai ? 1 : 0, sysopt.flanking_ranged ? 1 : 0);
    return code;
}

/*
 * The start line: the rule set this game plays and where to read about
 * it, with whatever of FLANKING, FLANKING_AI and FLANKING_RANGED is not
 * sysconf's default, by their sysconf names ("Flanking rules: dnd,
 * FLANKING=50% (? explains them)."); with FLANKING=0, that flanking is
 * off, and nothing else (off is off).  Into buf (BUFSZ).
 */
STATIC_OVL char *
flank_start_line(buf)
char *buf;
{
    if (flank_cfg.percent <= 0) {
        Strcpy(buf, "Flanking is off on this system (FLANKING=0).");
        return buf;
    }
    Sprintf(buf, "Flanking rules: %s", flank_rules_now());
    if (flank_cfg.percent != FLANK_PERCENT_DEFAULT)
        Sprintf(eos(buf), ", FLANKING=%d%%", flank_cfg.percent);
    if (!flank_cfg.ai)
        Strcat(buf, ", FLANKING_AI=0");
    if (flank_cfg.ranged)
        Strcat(buf, ", FLANKING_RANGED=1");
    Strcat(buf, " (? explains them).");
    return buf;
}

/* the longest welcome and start line said as one message: two lines of an
   80-column message window, less room for a --More-- */
#define FLANK_WELCOME_FITS (2 * (COLNO - 1) - 8)

/*
 * A game's start, new or restored: the welcome (allmain.c's), then the
 * start line (flank_start_line(); the sysconf's settings of this start,
 * not the save's), in one message when both fit in two lines (one
 * --More-- for both), else one after the other: a player who picks the
 * variant from a server's menu sees which rules he plays.  Then the
 * game's record of its settings (flankhist.c): a restore under other
 * settings than the game was last played under says so.
 */
void
flank_welcome(welcome, new_game)
const char *welcome;
boolean new_game;
{
    char line[BUFSZ];

    (void) flank_start_line(line);
    if (strlen(welcome) + 2 + strlen(line) <= (size_t) FLANK_WELCOME_FITS) {
        pline("%s  %s", welcome, line);
    } else {
        pline("%s", welcome);
        pline("%s", line);
    }
    flank_settings_start(new_game);
}

const char *
flank_rules_now()
{
    const char *name = flank_rules_name((int32_t) flank_cfg.rules);

    return name ? name : "?";
}

/*flanksys.c*/
