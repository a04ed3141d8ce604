# check-stderr
# Without `in`, select offers "$@"; `do` may follow the name directly.
set -- "first one" second
select x; do echo "[$x]"; break; done <<<1
select x do echo "[$x]"; break; done <<<2
set --
select x; do echo never; done <<<1
echo "empty list: $?"
select x in; do echo never; done <<<1
echo "empty words: $?"
