# The DEBUG trap runs before each iteration of `for` (the header as bash
# prints it: words as written, one space apart; `"$@"` for a bare `for x`),
# and never for a loop with no words.
trap 'echo "D: $BASH_COMMAND ($LINENO)"' DEBUG
for i in  a  "b c"  $(echo d); do
    :
done
set -- p q
for x; do :; done
for x in; do echo never; done
for x in
do echo never; done
trap - DEBUG
echo end
