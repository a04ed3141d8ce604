export LC_ALL=C
mkdir -p d/e; touch d/f; ln -s d ld; ln -s missing dl; tree
