# check-stderr
[ "$(nproc --ignore 1)" -ge 1 ] && echo ok
[ "$(nproc --ign=0)" = "$(nproc)" ] && echo same
nproc --ignore; echo "[$?]"
nproc extra; echo "[$?]"
