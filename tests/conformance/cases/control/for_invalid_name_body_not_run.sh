# check-stderr
# A `for` loop whose name is not an identifier fails with status 1 when
# it runs, without running its body.
for - in a b; do echo body; done
echo "status=$?"
for a-b in x; do echo body; done; echo "status=$?"
for ok in 1; do echo "ran $ok"; done
