export LC_ALL=C
mkdir -p d/e; touch d/f d/e/g; tree -f; tree -f d
