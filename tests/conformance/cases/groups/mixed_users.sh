# check-stderr
u=$(id -un)
groups "$u" nosuchuser_xyz 2>&1 >/dev/null; echo "[$?]"
