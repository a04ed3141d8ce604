# check-stderr
for - in a b c; do echo hi; done
echo "status $?"
for 1x in a; do echo hi; done
echo "status $?"
for a.b in $(echo never >&2); do echo hi; done
echo "status $?"
for ok_1 in a; do echo "ok $ok_1"; done
