/* NetHack 3.6	flankview.c	NetHack Flanking: what the player sees */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

STATIC_DCL void FDECL(flank_zone_msg, (const struct flank_attack *));

/* the turn the last flanking message was given: at most one per turn;
   and the last turning message (`opposite`), also one per turn */
static long flank_msg_turn = 0L, flank_turn_msg_turn = 0L;

/*
 * What the player sees: messages and #flanking
 */

STATIC_DCL struct monst *FDECL(flank_partner, (struct monst *, unsigned));
STATIC_DCL void FDECL(flank_say_flank, (struct monst *, struct monst *));
STATIC_DCL void FDECL(flank_show, (struct monst *));
STATIC_DCL void FDECL(flank_putwrap, (winid, const char *));
STATIC_DCL void FDECL(flank_show_unseen, (winid));
STATIC_DCL const char *FDECL(flank_facing_words, (int, BOOLEAN_P));
STATIC_DCL void FDECL(flank_show_zone, (winid, struct monst *,
                                        struct monst *));
STATIC_DCL char FDECL(flank_map_char, (int, int));
STATIC_DCL int FDECL(flank_threat_count, (unsigned));
STATIC_DCL unsigned FDECL(flank_show_lines, (struct monst *,
                                             struct flank_ranged *,
                                             struct monst **));
STATIC_DCL void FDECL(flank_arms_words, (char *, struct monst *, unsigned));
STATIC_DCL boolean FDECL(flank_zone_look, (const struct flank_attack *,
                                           BOOLEAN_P, char *));


static const char *const flank_dirname[FLANK_NDIRS] = {
    "west", "northwest", "north", "northeast",
    "east", "southeast", "south", "southwest"
};

/* a pet the hero can see on a threat square around mdef, other than the
   hero's own square */
STATIC_OVL struct monst *
flank_partner(mdef, threats)
struct monst *mdef;
unsigned threats;
{
    int i, x, y;
    struct monst *mtmp;

    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!(threats & (1U << i)))
            continue;
        x = mdef->mx + xdir[i], y = mdef->my + ydir[i];
        if (!isok(x, y) || (x == u.ux && y == u.uy))
            continue;
        if ((mtmp = m_at(x, y)) != 0 && mtmp->mtame && canspotmon(mtmp)
            && mtmp->mx == x && mtmp->my == y)
            return mtmp;
    }
    return (struct monst *) 0;
}

/* the hero's blow that flanking decided: "You and <the pet> flank <it>."
   when a pet the hero sees stands with the hero, else "You flank <it>." */
STATIC_OVL void
flank_say_flank(partner, mdef)
struct monst *partner, *mdef;
{
    if (partner)
        pline("You and %s flank %s.", y_monnam(partner), mon_nam(mdef));
    else
        You("flank %s.", mon_nam(mdef));
}

/*
 * What the hero sees of a hit of attack *fa that flanking decided
 * (flank_decided() asks only for such a hit): under `opposite` a side
 * noted with no bonus (fa->k <= 0); else a hit that would have missed
 * without the bonus, said when the hero is involved and can tell, at most
 * once a turn.  Fights between monsters stay silent (they would flood the
 * message window in a busy melee).  Before the hit's own message.
 */
void
flank_roll_said(fa)
const struct flank_attack *fa;
{
    struct monst *partner, *magr = fa->magr, *mdef = fa->mdef;
    struct flank_detail d;

    if (fa->k <= 0) {
        flank_zone_msg(fa); /* `opposite`: noted, no bonus */
        return;
    }
    if (flank_msg_turn == moves)
        return;
    if (fa->zoned && (fa->zone_half_points || fa->shield
                      || (fa->bits & FLANK_FR_FLANKED))) {
        /* the rule set's zone decided it */
        flank_zone_msg(fa);
    } else if (flank_is_hero(mdef)) {
        if (canspotmon(magr)) {
            flank_msg_turn = moves;
            You("are being flanked!");
        }
    } else if (flank_is_hero(magr)) {
        if (canspotmon(mdef)) {
            flank_msg_turn = moves;
            /* which pet stands with the hero: the engine's threats,
               asked only now, when the message is said */
            partner = (flank_halfpoints(magr, mdef, &d) > 0)
                          ? flank_partner(mdef, (unsigned) d.threats)
                          : (struct monst *) 0;
            flank_say_flank(partner, mdef);
        }
    }
}

/* a hit of attack *fa, of damage dmg before its zone's: say what the zone
   does to it, when it changes it (flank_damage()) */
void
flank_zone_said(fa, dmg)
const struct flank_attack *fa;
int dmg;
{
    if (flank_zone_damages(fa, dmg))
        flank_zone_msg(fa);
}

/*
 * Say what the zone of attack *fa did, when the hero is one of its two
 * creatures and sees the other: at most one flanking message a turn.  A
 * Rogue's backstab speaks for itself (hmon_hitmon()).
 */
STATIC_OVL void
flank_zone_msg(fa)
const struct flank_attack *fa;
{
    struct monst *partner, *magr = fa->magr, *mdef = fa->mdef;

    if (flank_msg_turn == moves || (fa->bits & FLANK_FR_BACKSTAB))
        return;
    if (flank_is_hero(magr) && canspotmon(mdef)) {
        if (fa->bits & FLANK_FR_FLANKED) {
            /* a pet the hero sees on the square opposite the hero */
            partner = flank_partner(mdef, 1U << flank_dir_to(u.ux, u.uy,
                                                             mdef->mx,
                                                             mdef->my));
            flank_say_flank(partner, mdef);
        } else if (fa->zone == FLANK_ZONE_REAR
                   && !(fa->bits & FLANK_FR_SIDE)) {
            You("strike %s from behind!", mon_nam(mdef));
        } else if (fa->zone == FLANK_ZONE_FLANK
                   && !(fa->bits & FLANK_FR_SIDE)) {
            You("strike %s in the flank!", mon_nam(mdef));
        } else if (fa->bits & FLANK_FR_SIDE) {
            You("attack %s from the side.", mon_nam(mdef));
        } else if (fa->bits & FLANK_FR_SHIELD_DAMAGE) {
            pline("%s shield takes some of your blow.",
                  s_suffix(Monnam(mdef)));
        } else {
            return;
        }
    } else if (flank_is_hero(mdef) && canspotmon(magr)) {
        if (fa->bits & FLANK_FR_FLANKED)
            You("are being flanked!");
        else if (fa->zone == FLANK_ZONE_REAR && !(fa->bits & FLANK_FR_SIDE))
            pline("%s attacks you from behind!", Monnam(magr));
        else if (fa->zone == FLANK_ZONE_FLANK || (fa->bits & FLANK_FR_SIDE))
            pline("%s attacks you from the side!", Monnam(magr));
        else if (fa->bits & FLANK_FR_SHIELD_DAMAGE)
            Your("shield takes some of the blow.");
        else
            return;
    } else {
        return;
    }
    flank_msg_turn = moves;
}

/* defender mdef has turned to face attacker magr (`opposite`,
   flank_turn() in flankface.c): say so when the hero sees it, once a
   turn */
void
flank_turn_said(magr, mdef)
struct monst *magr, *mdef;
{
    if (flank_turn_msg_turn == moves)
        return;
    if (flank_is_hero(mdef) && canspotmon(magr)) {
        flank_turn_msg_turn = moves;
        You("turn to face %s.", mon_nam(magr));
    } else if (flank_is_hero(magr) && canspotmon(mdef)) {
        flank_turn_msg_turn = moves;
        pline("%s turns to face you.", Monnam(mdef));
    }
}

/* how many of the eight directions threats (FLANK_DIR_* bits) holds */
STATIC_OVL int
flank_threat_count(threats)
unsigned threats;
{
    int i, n = 0;

    for (i = 0; i < FLANK_NDIRS; i++)
        if (threats & (1U << i))
            n++;
    return n;
}

/*
 * The hero's view of <x,y> as one character for #flanking's map, which is
 * text in a text window (putstr()), not the map window: the symbol set's
 * character when it is printable ASCII, else NetHack's default symbol for
 * the same thing.  DECgraphics' line drawing (and curses' own symbols,
 * DEC-encoded) are bytes with the high bit set that only the map window's
 * glyph output turns into lines; IBMgraphics' are CP437 bytes.  In a text
 * window either is garbage on a UTF-8 terminal, which eats the characters
 * after it (docs/FLANKING-DECISIONS.md, "#flanking's map is text").
 */
STATIC_OVL char
flank_map_char(x, y)
int x, y;
{
    int glyph, ochar, color, idx;
    unsigned special;
    nhsym ch = 0;

    if (!isok(x, y))
        return ' ';
    glyph = glyph_at(x, y);
    idx = mapglyph(glyph, &ochar, &color, &special, x, y, 0);
    if (ochar >= ' ' && ochar < 0x7f)
        return (char) ochar;
    /* the default symbol of the symbol that mapglyph() chose */
    if (idx >= SYM_OFF_P && idx < SYM_OFF_P + MAXPCHARS)
        ch = defsyms[idx - SYM_OFF_P].sym;
    else if (idx >= SYM_OFF_O && idx < SYM_OFF_O + MAXOCLASSES)
        ch = def_oc_syms[idx - SYM_OFF_O].sym;
    else if (idx >= SYM_OFF_M && idx < SYM_OFF_M + MAXMCLASSES)
        ch = def_monsyms[idx - SYM_OFF_M].sym;
    else if (idx >= SYM_OFF_W && idx < SYM_OFF_W + WARNCOUNT)
        ch = def_warnsyms[idx - SYM_OFF_W].sym;
    else if (idx == SYM_OFF_X + SYM_BOULDER)
        ch = def_oc_syms[ROCK_CLASS].sym;
    else if (idx == SYM_OFF_X + SYM_INVISIBLE)
        ch = DEF_INVISIBLE;
    else if (glyph_is_monster(glyph)) /* the accessibility overrides */
        ch = def_monsyms[(int) mons[glyph_to_mon(glyph)].mlet].sym;
    return (ch >= ' ' && ch < 0x7f) ? (char) ch : '?';
}

/*
 * #flanking with threats from range (FLANKING_RANGED): the lines around
 * mdef into *r, the creature on each into who[] (null for none), and the
 * directions the engine says they threaten mdef from
 * (flank_ranged_threats()), less those whose creature the hero cannot
 * see (in wizard mode, every one).
 */
STATIC_OVL unsigned
flank_show_lines(mdef, r, who)
struct monst *mdef;
struct flank_ranged *r;
struct monst **who;
{
    struct flank_neighbourhood n;
    struct monst *magr = (struct monst *) 0;
    int d, x, y;
    int32_t mask;

    flank_gather_ranged(mdef, (struct flank_neighbourhood *) 0, r);
    for (d = 0; d < FLANK_NDIRS; d++) {
        who[d] = (struct monst *) 0;
        if (!r->dist[d])
            continue;
        x = flank_x(mdef) + r->dist[d] * xdir[d];
        y = flank_y(mdef) + r->dist[d] * ydir[d];
        who[d] = (r->square[d] & FLANK_SQ_HERO) ? &youmonst : m_at(x, y);
        if (!magr && who[d] && !(r->square[d] & FLANK_SQ_TAIL))
            magr = who[d];
    }
    /* the lines alone make the mask: any attacker's squares will do */
    if (!magr || !flank_gather(magr, mdef, &n))
        return 0;
    if ((mask = flank_ranged_threats(&n, r)) < 0) {
        impossible("flanking: %s", flank_strerror(mask));
        return 0;
    }
    /* (in the hero's view flank_gather_ranged() already left out the
       lines of creatures the hero does not perceive) */
    for (d = 0; d < FLANK_NDIRS; d++)
        if (!who[d])
            mask &= ~(1 << d);
    return (unsigned) mask;
}

/* what creature m attacks with from range (arms, FLANK_RA_*), as words
   into buf (BUFSZ): "bow, daggers", "dagger" when it has one */
STATIC_OVL void
flank_arms_words(buf, m, arms)
char *buf;
struct monst *m;
unsigned arms;
{
    struct obj *with[FLANK_WITH_N], *o;
    int reach, sk;
    const char *w;

    if (flank_is_hero(m))
        (void) flank_hero_arms(&reach, with);
    else
        (void) flank_mon_arms(m, &reach, with);
    *buf = '\0';
    if ((arms & FLANK_RA_POLEARM) && (o = with[FLANK_WITH_POLEARM]) != 0)
        Strcpy(buf, (objects[o->otyp].oc_skill == P_LANCE) ? "lance"
                                                           : "polearm");
    if ((arms & FLANK_RA_LAUNCHER) && (o = with[FLANK_WITH_LAUNCHER]) != 0) {
        sk = objects[o->otyp].oc_skill;
        Sprintf(eos(buf), "%s%s", *buf ? ", " : "",
                (sk == P_CROSSBOW) ? "crossbow"
                : (sk == P_SLING) ? "sling" : "bow");
    }
    if ((arms & FLANK_RA_MISSILES) && (o = with[FLANK_WITH_MISSILE]) != 0) {
        sk = abs(objects[o->otyp].oc_skill);
        w = (o->otyp == JAVELIN) ? "javelin"
            : (sk == P_DAGGER) ? "dagger"
            : (sk == P_KNIFE) ? "knife"
            : (sk == P_SPEAR) ? "spear"
            : (sk == P_DART) ? "dart"
            : (sk == P_SHURIKEN) ? "shuriken"
            : (sk == P_BOOMERANG) ? "boomerang" : "missile";
        /* one, or the stack's plural: "dagger", "daggers" */
        Sprintf(eos(buf), "%s%s", *buf ? ", " : "",
                (o->quan == 1L || sk == P_SHURIKEN) ? w : makeplural(w));
    }
    if (arms & FLANK_RA_BREATH)
        Sprintf(eos(buf), "%sbreath", *buf ? ", " : "");
    if (arms & FLANK_RA_SPIT)
        Sprintf(eos(buf), "%sspit", *buf ? ", " : "");
    if (arms & FLANK_RA_GAZE)
        Sprintf(eos(buf), "%sgaze", *buf ? ", " : "");
}

/* the widest line of the view: tty cuts a text window's lines at the
   screen's edge, and an 80-column terminal shows 79 safely */
#define FLANK_VIEW_COLS 79

/*
 * One line of the view into win, broken at the last space before
 * FLANK_VIEW_COLS when it is longer (a long name makes it so); each further
 * piece indented four more than the line, so that it stays under the line
 * it belongs to.
 */
STATIC_OVL void
flank_putwrap(win, buf)
winid win;
const char *buf;
{
    char line[BUFSZ];
    const char *p = buf;
    int ind = 0, lead = 0, cut;

    while (buf[ind] == ' ')
        ind++;
    while ((int) strlen(p) + lead > FLANK_VIEW_COLS) {
        cut = FLANK_VIEW_COLS - lead;
        while (cut > (lead ? 0 : ind) && p[cut] != ' ')
            cut--;
        if (cut <= (lead ? 0 : ind)) /* one word wider than the line */
            cut = FLANK_VIEW_COLS - lead;
        Sprintf(line, "%*s%.*s", lead, "", cut, p);
        putstr(win, 0, line);
        p += cut;
        while (*p == ' ')
            p++;
        lead = ind + 4;
    }
    Sprintf(line, "%*s%s", lead, "", p);
    putstr(win, 0, line);
}

/*
 * Draw the squares around mdef (the hero, or in wizard mode any monster):
 * what is there, which squares threaten it and which are blocked for it,
 * and the bonus each adjacent creature that could attack it would get now.
 * With threats from range (FLANKING_RANGED), the picture counts them too,
 * and a line says who threatens from which direction.
 */
STATIC_OVL void
flank_show(mdef)
struct monst *mdef;
{
    winid win;
    char buf[BUFSZ], row1[40], row2[40];
    int i, x, y, dx, dy, h, nfoes = 0;
    unsigned threats = 0, blocked = 0, ranged = 0;
    struct flank_detail d;
    struct flank_ranged r;
    struct monst *foe[FLANK_NDIRS], *far[FLANK_NDIRS];
    boolean hero = flank_is_hero(mdef);
    boolean seen[FLANK_NDIRS];

    dx = flank_x(mdef), dy = flank_y(mdef);
    /* the hero's view holds what the hero perceives; a wizard's look at a
       monster is wizard knowledge, and says so */
    flank_seen_only = hero;
    win = create_nhwindow(NHW_TEXT);
    if (hero)
        Strcpy(buf, "Flanking around you");
    else
        Sprintf(buf, "Flanking around %s", mon_nam(mdef));
    Sprintf(eos(buf), " (sysconf FLANKING=%d%%, FLANKING_RULES=%s):",
            flank_cfg.percent, flank_rules_now());
    flank_putwrap(win, buf);
    if (!hero)
        putstr(win, 0, "(Wizard mode: every creature counts and is shown,"
                       " seen or not.)");
    putstr(win, 0, "");

    /* who could attack mdef from an adjacent square right now */
    for (i = 0; i < FLANK_NDIRS; i++) {
        struct monst *m = (struct monst *) 0;

        foe[i] = (struct monst *) 0;
        seen[i] = FALSE;
        x = dx + xdir[i], y = dy + ydir[i];
        if (!isok(x, y))
            continue;
        if (x == u.ux && y == u.uy && !u.uswallow && !hero) {
            m = &youmonst;
        } else if ((m = m_at(x, y)) != 0
                   && (m->mx != x || m->my != y || m == mdef)) {
            m = (struct monst *) 0; /* tail segment */
        }
        if (!m)
            continue;
        seen[i] = (!flank_seen_only || flank_perceived(x, y));
        if (!seen[i])
            continue;
        if (hero ? ((!m->mpeaceful && !m->mtame) || Conflict)
                 : (wizard || flank_is_hero(m)))
            foe[i] = m;
    }

    /* blocked squares; threats as each foe's attack would count them */
    for (i = 0; i < FLANK_NDIRS; i++) {
        x = dx + xdir[i], y = dy + ydir[i];
        if (flank_blocked(mdef, dx, dy, x, y))
            blocked |= 1U << i;
    }
    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!foe[i])
            continue;
        if ((h = flank_halfpoints(foe[i], mdef, &d)) < 0)
            continue;
        threats |= (unsigned) d.threats & ~(1U << i);
        threats |= 1U << i;
    }
    /* only show threats the hero can see */
    for (i = 0; i < FLANK_NDIRS; i++)
        if (!seen[i])
            threats &= ~(1U << i);
    /* and those from range, of creatures it can see */
    if (flank_ranged_on()) {
        ranged = flank_show_lines(mdef, &r, far);
        threats |= ranged;
    }

    /* a threat: a square that threatens mdef in the attack of one of the
       creatures listed below (each line says its own attack's count) */
    putstr(win, 0,
           "    Map     Threat(*) in some attack / blocked(#) / open(.)");
    for (y = -1; y <= 1; y++) {
        char *p = row1, *q = row2;

        for (x = -1; x <= 1; x++) {
            int dir = (x || y) ? xytod(x, y) : -1;

            *p++ = ' ';
            *p++ = flank_map_char(dx + x, dy + y);
            *q++ = ' ';
            if (dir < 0)
                *q++ = hero ? '@' : 'D';
            else if (threats & (1U << dir))
                *q++ = '*';
            else if (blocked & (1U << dir))
                *q++ = '#';
            else
                *q++ = '.';
        }
        *p = *q = '\0';
        Sprintf(buf, "  %s       %s", row1, row2);
        flank_putwrap(win, buf);
    }
    putstr(win, 0, "");

    /* the threats from range, one line each */
    if (flank_ranged_on()) {
        for (i = 0; i < FLANK_NDIRS; i++) {
            if (!(ranged & (1U << i)))
                continue;
            Sprintf(buf, "Threat from range: %s, %d squares %s (",
                    flank_is_hero(far[i]) ? "you" : y_monnam(far[i]),
                    (int) r.dist[i], flank_dirname[i]);
            flank_arms_words(eos(buf), far[i], (unsigned) r.arms[i]);
            Strcat(buf, ").");
            flank_putwrap(win, buf);
        }
        if (!ranged)
            putstr(win, 0, "No threat from range.");
        putstr(win, 0, "");
    }

    /* who faces where, under a rule set that counts it: the defender, then
       each creature next to it, one line each, so that none is left out */
    if (flank_cfg.ri & FLANK_RI_FACING) {
        if (hero)
            Sprintf(buf, "You %s.",
                    flank_facing_words(flank_facing_of(mdef), FALSE));
        else
            Sprintf(buf, "%s %s.", upstart(mon_nam(mdef)),
                    flank_facing_words(flank_facing_of(mdef), TRUE));
        flank_putwrap(win, buf);
        for (i = 0; i < FLANK_NDIRS; i++) {
            struct monst *m;

            x = dx + xdir[i], y = dy + ydir[i];
            if (!seen[i] || !isok(x, y))
                continue;
            m = (x == u.ux && y == u.uy && !hero) ? &youmonst : m_at(x, y);
            if (!m)
                continue;
            if (flank_is_hero(m))
                Sprintf(buf, "  You, %s of %s, %s.", flank_dirname[i],
                        mhim(mdef),
                        flank_facing_words(flank_facing_of(m), FALSE));
            else
                Sprintf(buf, "  %s, %s of %s, %s.", upstart(y_monnam(m)),
                        flank_dirname[i], hero ? "you" : mhim(mdef),
                        flank_facing_words(flank_facing_of(m), TRUE));
            flank_putwrap(win, buf);
        }
        putstr(win, 0, "");
    }

    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!foe[i])
            continue;
        nfoes++;
        h = flank_halfpoints(foe[i], mdef, &d);
        if (h < 0) {
            Sprintf(buf, "%s (%s): no flanking.",
                    flank_is_hero(foe[i]) ? "You" : upstart(y_monnam(foe[i])),
                    flank_dirname[i]);
        } else if (flank_cfg.rules != FLANK_RULES_PROPOSAL) {
            /* the total is the zone line's (flank_show_zone()); the arc's
               score only under a rule set that counts it */
            struct flank_facing_result fr;

            if (flank_eval(foe[i], mdef, TRUE, &fr) >= 0
                && (fr.bits & FLANK_FR_ARC)) {
                Sprintf(buf, "%s (%s): arc score %d%s of 9 points.",
                        flank_is_hero(foe[i]) ? "You"
                                              : upstart(y_monnam(foe[i])),
                        flank_dirname[i], h / 2, (h & 1) ? ".5" : "");
                flank_putwrap(win, buf);
                Sprintf(buf, "    when %s: %d of 8 directions"
                             " threatened.",
                        flank_is_hero(foe[i]) ? "you attack" : "it attacks",
                        flank_threat_count((unsigned) d.threats));
            } else {
                Sprintf(buf, "%s (%s):",
                        flank_is_hero(foe[i]) ? "You"
                                              : upstart(y_monnam(foe[i])),
                        flank_dirname[i]);
            }
        } else {
            Sprintf(buf, "%s (%s) would get +%d to hit in melee"
                         " (%d%s of 9 points).",
                    flank_is_hero(foe[i]) ? "You" : upstart(y_monnam(foe[i])),
                    flank_dirname[i], flank_scale(h, TRUE), h / 2,
                    (h & 1) ? ".5" : "");
            flank_putwrap(win, buf);
            /* one fact a line, so that none wraps past 80 columns */
            Sprintf(buf, "    when %s: %d of 8 directions"
                         " threatened, widest free arc %d;",
                    flank_is_hero(foe[i]) ? "you attack" : "it attacks",
                    flank_threat_count((unsigned) d.threats), (int) d.arc);
            flank_putwrap(win, buf);
            Sprintf(buf, "    behind %s (%s): %s", hero ? "you" : mhim(mdef),
                    flank_dirname[d.behind % FLANK_NDIRS],
                    d.behind_blocked ? "blocked" : "open");
            if (d.behind_blocked)
                Sprintf(eos(buf), "; %d beside it blocked or occupied.",
                        (int) d.beside);
            else
                Strcat(buf, ".");
        }
        flank_putwrap(win, buf);
        flank_show_zone(win, foe[i], mdef);
    }
    if (hero) {
        /* what the hero knows of what the view leaves out: blind, that she
           cannot see; the map's remembered `I', where something unseen is
           (no more than the map shows) */
        unsigned unseen = 0;
        int nunseen = 0, k = 0;

        for (i = 0; i < FLANK_NDIRS; i++) {
            x = dx + xdir[i], y = dy + ydir[i];
            if (isok(x, y) && !seen[i] && glyph_is_invisible(glyph_at(x, y)))
                unseen |= 1U << i, nunseen++;
        }
        if (!nfoes)
            putstr(win, 0, Blind ? "You cannot see who is next to you."
                           : unseen ? "Nothing you can see next to you is"
                                      " ready to attack you."
                                    : "Nothing next to you is ready to"
                                      " attack you.");
        if (unseen) {
            Strcpy(buf, "You remember something unseen (I) to your ");
            for (i = 0; i < FLANK_NDIRS; i++) {
                if (!(unseen & (1U << i)))
                    continue;
                k++;
                Sprintf(eos(buf), "%s%s",
                        (k == 1) ? "" : (k == nunseen) ? " and " : ", ",
                        flank_dirname[i]);
            }
            Strcat(buf, ".");
            flank_putwrap(win, buf);
        }
    } else if (!nfoes) {
        putstr(win, 0, "Nothing next to it could attack it.");
    }
    if (hero) {
        putstr(win, 0, "");
        putstr(win, 0, "This is what you perceive: a creature you cannot see"
                       " may flank you too.");
        flank_seen_only = FALSE;
        if (wizard)
            flank_show_unseen(win);
    }
    /* wizard mode: what a monster plans (monsters that flank) */
    if (!hero && wizard && flank_plan_words(mdef, buf)) {
        putstr(win, 0, "");
        flank_putwrap(win, buf);
    }
    if (!flank_cfg.percent)
        putstr(win, 0, "Flanking is turned off on this system (FLANKING=0).");
    flank_seen_only = FALSE;
    display_nhwindow(win, TRUE);
    destroy_nhwindow(win);
}

/*
 * Wizard mode, under the hero's own view: the creatures next to the hero
 * that the view left out because the hero does not perceive them, and the
 * bonus each hostile one would get with every creature counted.  On lines
 * of their own, labelled: never mixed into what the hero knows.
 */
STATIC_OVL void
flank_show_unseen(win)
winid win;
{
    char buf[BUFSZ];
    struct monst *m;
    struct flank_facing_result fr;
    int i, x, y, h;
    boolean any = FALSE;

    for (i = 0; i < FLANK_NDIRS; i++) {
        x = u.ux + xdir[i], y = u.uy + ydir[i];
        if (!isok(x, y) || flank_perceived(x, y) || (m = m_at(x, y)) == 0
            || m->mx != x || m->my != y)
            continue;
        if (!any) {
            putstr(win, 0, "");
            putstr(win, 0, "Wizard mode, not in your view:");
        }
        any = TRUE;
        Sprintf(buf, "  %s (%s), %s", an(m->data->mname), flank_dirname[i],
                m->minvis ? "invisible"
                : m->mundetected ? "hiding"
                : (M_AP_TYPE(m) != M_AP_NOTHING) ? "mimicking"
                : "unseen");
        if ((!m->mpeaceful && !m->mtame) || Conflict) {
            h = (flank_cfg.rules == FLANK_RULES_PROPOSAL)
                    ? flank_halfpoints(m, &youmonst, (struct flank_detail *) 0)
                    : flank_eval(m, &youmonst, TRUE, &fr);
            if (h >= 0)
                Sprintf(eos(buf), ": +%d to hit in melee, every creature"
                                  " counted",
                        flank_scale(h, TRUE));
        }
        Strcat(buf, ".");
        flank_putwrap(win, buf);
    }
}

/* is a rule set other than the default `proposal` in force, with
   flanking on? ('v': nothing new with FLANKING=0) */
boolean
flank_rules_facing()
{
    return (boolean) (flank_cfg.rules != FLANK_RULES_DEFAULT
                      && flank_cfg.percent > 0);
}

/* a facing as a verb phrase: "faces north" (third person) or "face
   north", "has no front" or "have no front" */
STATIC_OVL const char *
flank_facing_words(f, third)
int f;
boolean third;
{
    static char buf[40];

    if (f >= 0 && f < FLANK_NDIRS)
        Sprintf(buf, "%s %s", third ? "faces" : "face", flank_dirname[f]);
    else
        Strcpy(buf, third ? "has no front" : "have no front");
    return buf;
}

/*
 * #flanking: the zone an attack by magr on mdef comes from, and what the
 * rule set in force makes of it, as one more line under magr's.
 */
STATIC_OVL void
flank_show_zone(win, magr, mdef)
winid win;
struct monst *magr, *mdef;
{
    static const char *const zonename[] = { "front", "flank", "rear" };
    struct flank_facing_result r;
    char buf[BUFSZ];
    int sh, total, zk;
    boolean hero = flank_is_hero(mdef);

    if (flank_eval(magr, mdef, TRUE, &r) < 0 || r.zone > FLANK_ZONE_REAR)
        return;
    /* under proposal the side counts for nothing: no line */
    if (flank_cfg.rules == FLANK_RULES_PROPOSAL)
        return;
    /* a rule set with no zones (the field's) says its own name instead */
    if (flank_cfg.ri & FLANK_RI_FACING)
        Sprintf(buf, "    %s %s: ", hero ? "Your" : "Its", zonename[r.zone]);
    else
        Sprintf(buf, "    Under %s: ", flank_rules_now());
    /* FLANKING scales the whole to-hit bonus, the side's as the arc's:
       the parts are shown scaled, the arc's as what the total leaves, so
       that they add up to it */
    sh = r.shield_counts ? 0 : flank_shield_ac(mdef);
    total = flank_scale((int) r.hit_half_points, TRUE) + sh;
    zk = flank_scale((int) r.zone_half_points, TRUE);
    Sprintf(eos(buf), "+%d to hit", total);
    if ((r.bits & FLANK_FR_ARC) || r.zone_half_points || sh) {
        Strcat(buf, " (");
        if (r.bits & FLANK_FR_ARC)
            Sprintf(eos(buf), "arc +%d", total - sh - zk);
        if (r.zone_half_points)
            Sprintf(eos(buf), "%s+%d %s",
                    (r.bits & FLANK_FR_ARC) ? ", " : "", zk,
                    !(r.bits & FLANK_FR_FLANKED)
                        ? zonename[r.zone]
                        : flank_rules_flanked_words((int32_t) flank_cfg.rules));
        if (sh)
            Sprintf(eos(buf), "%s+%d shield ignored",
                    ((r.bits & FLANK_FR_ARC) || r.zone_half_points) ? ", "
                                                                   : "",
                    sh);
        Strcat(buf, ")");
    }
    if (r.damage_percent != 100)
        Sprintf(eos(buf), ", damage x%d%%", (int) r.damage_percent);
    if (r.damage_flat)
        Sprintf(eos(buf), ", %+d damage", (int) r.damage_flat);
    if (r.bits & FLANK_FR_BACKSTAB)
        Strcat(buf, ", a backstab");
    if (r.bits & FLANK_FR_SIDE)
        Strcat(buf, ", noted as the side");
    if (r.bits & FLANK_FR_TURNS)
        Sprintf(eos(buf), "; %s would turn", hero ? "you" : mhe(mdef));
    Strcat(buf, ".");
    flank_putwrap(win, buf);
}

/* the #flanking command: a pure query, takes no time */
int
doflanking()
{
    coord cc;
    struct monst *mtmp;

    if (u.uswallow) {
        You("are engulfed; nobody can flank you in here.");
        return 0;
    }
    if (wizard) {
        cc.x = u.ux, cc.y = u.uy;
        pline("Show flanking around which creature?");
        if (getpos(&cc, TRUE, "a creature") < 0)
            return 0;
        if (cc.x == u.ux && cc.y == u.uy) {
            flank_show(&youmonst);
        } else if (isok(cc.x, cc.y) && (mtmp = m_at(cc.x, cc.y)) != 0) {
            flank_show(mtmp);
        } else {
            pline("There is no creature there.");
        }
        return 0;
    }
    flank_show(&youmonst);
    return 0;
}

/*
 * Before the blow: the Flanked status condition and the farlook phrase.
 * Like #flanking, each counts only what the hero perceives
 * (flank_seen_only), and says nothing of a monster the hero does not
 * perceive; the bonus an attack really gets is unchanged.
 */

/* the Flanked condition as the status line last showed it */
static boolean flank_u_flanked = FALSE;

/* what it was last worked out from: the level, where the hero stands and
   faces and what the hero is, what the map shows on the eight squares
   around the hero, and who stands there in what state.  Arc flanking and
   facing count nothing further away, so while none of it changes (a foe
   that stays and fights, turn after turn), neither does the condition */
static struct flank_seen_key {
    d_level uz;
    xchar x, y;
    unsigned facing;
    unsigned long hero;             /* the hero's own facts, packed */
    int glyph[FLANK_NDIRS];
    unsigned long mon[FLANK_NDIRS]; /* m_id and state, packed; 0: none */
    long turn; /* with threats from range, which reach further: the turn */
} flank_seen_last;
static boolean flank_seen_known = FALSE;

/* what the last pass saw at a glance: the level, the hero's square, and
   which monster (if any) stands on each square around */
static struct flank_seen_glance {
    d_level uz;
    xchar x, y;
    struct monst *mon[FLANK_NDIRS];
} flank_glance_last;
static boolean flank_glance_known = FALSE;

/* a monster's id and the states the rules ask about, as one word */
#define flank_mon_word(m) \
    (((unsigned long) (m)->m_id << 12) | ((m)->msleeping ? 1UL : 0UL) \
     | ((m)->mflee ? 2UL : 0UL) | ((m)->mcanmove ? 4UL : 0UL) \
     | ((m)->mpeaceful ? 8UL : 0UL) | ((m)->mtame ? 16UL : 0UL) \
     | ((m)->mtrapped ? 32UL : 0UL) | ((m)->mundetected ? 64UL : 0UL) \
     | ((m)->minvis ? 128UL : 0UL) | ((m)->mconf ? 256UL : 0UL) \
     | ((m)->mstun ? 512UL : 0UL) | (M_AP_TYPE(m) ? 1024UL : 0UL) \
     | ((m)->mcansee ? 2048UL : 0UL))

/*
 * Would monster m get a flanking bonus for melee against the hero now,
 * counting what the hero perceives?  *k gets the bonus; under a facing
 * rule set, m in the hero's flank or rear counts too.  Pure.
 */
STATIC_OVL boolean
flank_seen_threat(m, k)
struct monst *m;
int *k;
{
    struct flank_attack fa;

    flank_seen_only = TRUE;
    *k = flank_bonus(m, &youmonst, TRUE, &fa);
    flank_seen_only = FALSE;
    return (boolean) (*k > 0
                      || (fa.zoned && (fa.zone == FLANK_ZONE_FLANK
                                       || fa.zone == FLANK_ZONE_REAR)));
}

/* a hostile monster the hero perceives next to the hero, that attacks */
STATIC_OVL boolean
flank_seen_foe(m)
struct monst *m;
{
    return (boolean) (m && !m->mpeaceful && !m->mtame && !noattacks(m->data)
                      && distmin(u.ux, u.uy, m->mx, m->my) == 1
                      && flank_perceived(m->mx, m->my) && canspotmon(m));
}

/*
 * The Flanked condition (sysconf FLANKING above 0, option showflanked):
 * a hostile monster the hero perceives next to the hero would get a
 * flanking bonus against the hero now.  Called before the status line is
 * drawn for the hero's next input (moveloop()); asks for the redraw only
 * when the condition changes.  Pure but for that.
 */
void
flank_status_update()
{
    struct flank_seen_key key;
    struct flank_seen_glance g;
    struct monst *m;
    int i, x, y, k;
    boolean now = FALSE;

    /* off (the option, FLANKING=0) or engulfed: one test, nothing kept */
    if (!iflags.showflanked || u.uswallow || flank_cfg.percent <= 0) {
        flank_glance_known = flank_seen_known = FALSE;
        goto shown;
    }
    (void) memset((genericptr_t) &g, 0, sizeof g);
    g.uz = u.uz;
    g.x = u.ux, g.y = u.uy;
    for (i = 0; i < FLANK_NDIRS; i++) {
        x = u.ux + xdir[i], y = u.uy + ydir[i];
        if (flank_isok(x, y))
            g.mon[i] = m_at(x, y);
    }
    /* after a command that took no time (context.move is still its own
       here) nobody has moved or changed: unless a creature came or went
       next to the hero (wizard mode's ^G), or the hero was moved, there
       is nothing to work out again.  The fuzzer and a player's menus give
       several such passes a turn */
    if (!context.move && flank_glance_known
        && !memcmp((genericptr_t) &g, (genericptr_t) &flank_glance_last,
                   sizeof g))
        return;
    flank_glance_last = g, flank_glance_known = TRUE;

    /* the common case first: nobody at all next to the hero */
    for (i = 0; i < FLANK_NDIRS; i++)
        if (g.mon[i])
            break;
    if (i == FLANK_NDIRS) {
        flank_seen_known = FALSE; /* nothing to show, nothing kept */
    } else {
        (void) memset((genericptr_t) &key, 0, sizeof key);
        key.uz = u.uz;
        key.x = u.ux, key.y = u.uy;
        key.facing = u.uhave.unused;
        key.turn = flank_ranged_on() ? moves : 0L;
        key.hero = ((unsigned long) u.umonnum << 8) | (multi < 0 ? 1UL : 0UL)
                   | (Conflict ? 2UL : 0UL) | (Levitation ? 4UL : 0UL)
                   | (Flying ? 8UL : 0UL) | (Wwalking ? 16UL : 0UL)
                   | (Swimming ? 32UL : 0UL) | (Passes_walls ? 64UL : 0UL);
        for (i = 0; i < FLANK_NDIRS; i++) {
            x = u.ux + xdir[i], y = u.uy + ydir[i];
            if (!flank_isok(x, y))
                continue;
            key.glyph[i] = glyph_at(x, y);
            if ((m = g.mon[i]) != 0)
                key.mon[i] = flank_mon_word(m);
        }
        if (flank_seen_known
            && !memcmp((genericptr_t) &key, (genericptr_t) &flank_seen_last,
                       sizeof key))
            return; /* nothing it depends on has changed */
        flank_seen_last = key, flank_seen_known = TRUE;
        /* the glance's monsters: none off the map */
        for (i = 0; i < FLANK_NDIRS && !now; i++)
            if ((m = g.mon[i]) != 0 && m->mx == u.ux + xdir[i]
                && m->my == u.uy + ydir[i] && flank_seen_foe(m))
                now = flank_seen_threat(m, &k);
    }
shown:
    if (now != flank_u_flanked) {
        flank_u_flanked = now;
        context.botl = TRUE;
    }
}

/* is the Flanked condition on the status line? (botl.c) */
boolean
flank_status_flanked()
{
    return flank_u_flanked;
}

/* do the menus offer the variant's own entries (the `O' menu's
   showflanked, the `?' menu's topic)?  Not with FLANKING=0, which shows
   nothing new, nor to the debug fuzzer, which types vanilla's keys (as it
   leaves #flanking out): the menus' letters stay vanilla's */
boolean
flank_offered()
{
    return (boolean) (flank_cfg.percent > 0 && !iflags.debug_fuzzer);
}

/*
 * What the zone of attack *fa does to its damage, in the rule set's words
 * (flank_zone_look_words()): "x1.5 damage from your rear" when the hero
 * defends, "x1.25 damage to its flank" when the hero attacks; into buf
 * (BUFSZ).  FALSE, and buf "", when it changes nothing of the damage, or
 * when the attack comes from the defender's front: a shield's share there
 * (`tactics') is no flanking, and farlook speaks of flanking only.
 */
STATIC_OVL boolean
flank_zone_look(fa, hero_defends, buf)
const struct flank_attack *fa;
boolean hero_defends;
char *buf;
{
    struct flank_facing_result r;

    *buf = '\0';
    if (!fa->zoned || fa->zone == FLANK_ZONE_FRONT)
        return FALSE;
    flank_attack_result(fa, &r);
    r.rules = (uint8_t) flank_cfg.rules;
    return (boolean) (flank_zone_look_words(&r, hero_defends ? 1 : 0, buf,
                                            BUFSZ) > 0);
}

/*
 * Farlook (lookat()): what flanking means between the hero and monster m,
 * appended to buf as vanilla appends ", leashed to you": ", flanks you:
 * +2", ", you would flank it: +1", or both ("...: +2; you would...");
 * under a rule set whose zones change damage, what the zone does (",
 * flanks you: x1.5 damage from your rear", "...: +2, +2 damage from your
 * rear").  Nothing for a monster the hero does not perceive next to the
 * hero, nor with FLANKING=0, nor with the option flanklook off (vanilla's
 * words, for tools that read them).
 */
void
flank_look(m, buf)
struct monst *m;
char *buf;
{
    struct flank_attack fa;
    char dmg1[BUFSZ], dmg2[BUFSZ];
    int k1 = 0, k2;
    boolean z1, z2;

    if (!iflags.flanklook || flank_cfg.percent <= 0 || u.uswallow
        || !flank_seen_foe(m))
        return;
    flank_seen_only = TRUE;
    k1 = flank_bonus(m, &youmonst, TRUE, &fa);
    z1 = flank_zone_look(&fa, TRUE, dmg1);
    k2 = flank_bonus(&youmonst, m, TRUE, &fa);
    z2 = flank_zone_look(&fa, FALSE, dmg2);
    flank_seen_only = FALSE;
    if (k1 > 0 || z1) {
        Strcat(buf, ", flanks you: ");
        if (k1 > 0)
            Sprintf(eos(buf), "+%d%s", k1, z1 ? ", " : "");
        if (z1)
            Strcat(buf, dmg1);
    }
    if (k2 > 0 || z2) {
        Sprintf(eos(buf), "%s you would flank it: ",
                (k1 > 0 || z1) ? ";" : ",");
        if (k2 > 0)
            Sprintf(eos(buf), "+%d%s", k2, z2 ? ", " : "");
        if (z2)
            Strcat(buf, dmg2);
    }
}

/* ^X: the way the hero faces under a facing rule set ("northeast"), or
   null when no facing counts (proposal, FLANKING=0, a faceless form) */
const char *
flank_u_facing_name()
{
    int f;

    if (!flank_rules_facing() /* FLANKING=0 too */
        || !(flank_cfg.ri & FLANK_RI_FACING))
        return (const char *) 0;
    f = flank_facing_of(&youmonst);
    return (f >= 0 && f < FLANK_NDIRS) ? flank_dirname[f]
                                       : (const char *) 0;
}

/*flankview.c*/
