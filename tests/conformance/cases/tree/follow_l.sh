export LC_ALL=C
mkdir -p d/e; touch d/e/f; ln -s d ld; tree -l
