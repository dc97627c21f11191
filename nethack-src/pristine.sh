# Sourced (sh), with nhsrc naming this directory: the pin (pin.env) and
# where its tree stands. pristine: the tree nethack-src/fetch.sh unpacks;
# pristine_stamp: the file fetch.sh writes last, once that tree is whole
# and matches the pin (what tools/patches.sh and tools/nle/build.sh ask for).
. "$nhsrc/pin.env"
pristine=$nhsrc/$NETHACK_TREE
pristine_stamp=$pristine/.pristine-$NETHACK_SHA256
