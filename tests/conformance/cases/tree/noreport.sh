export LC_ALL=C
mkdir d; touch d/f; tree --noreport
