/* NetHack 3.6	flankview.c	NetHack Flanking: what the player sees of a fight */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

STATIC_DCL void FDECL(flank_zone_msg, (const struct flank_attack *));

/* the turn the last flanking message was given: at most one per turn;
   and the last turning message (`opposite`), also one per turn */
static long flank_msg_turn = 0L, flank_turn_msg_turn = 0L;

/*
 * What the player sees as the fight goes: the messages of a blow, the
 * Flanked condition, farlook's phrase and ^X's facing.  What #flanking
 * shows and the `?' topic are flankshow.c's.
 */

STATIC_DCL struct monst *FDECL(flank_partner, (struct monst *, unsigned));
STATIC_DCL void FDECL(flank_say_flank, (struct monst *, struct monst *));
STATIC_DCL boolean FDECL(flank_zone_look, (const struct flank_attack *,
                                           BOOLEAN_P, char *));

/* the eight directions' names, FLANK_DIR_* order (flankshow.c's too) */
const char *const flank_dirname[FLANK_NDIRS] = {
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


/* is a rule set other than the default `proposal` in force, with
   flanking on? ('v': nothing new with FLANKING=0) */
boolean
flank_rules_facing()
{
    return (boolean) (flank_cfg.rules != FLANK_RULES_DEFAULT
                      && flank_cfg.percent > 0);
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
