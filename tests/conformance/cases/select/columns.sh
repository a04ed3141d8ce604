# check-stderr
# Long lists are laid out in columns, numbered down each column, padded
# with tabs and spaces; the width comes from COLUMNS (80 without it).
select x in $(seq 1 30); do echo "$x"; break; done <<<17
COLUMNS=40
select x in alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu; do echo "$x"; break; done <<<10
COLUMNS=20
select x in a bb ccc dddd eeeee ffffff; do echo "$x"; break; done <<<6
COLUMNS=200
select x in one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty; do echo "$x"; break; done <<<20
