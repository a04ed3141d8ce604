# check-stderr
PS3='pick one> '
select x in red green; do echo "$x"; break; done <<<1
PS3=
select x in red green; do echo "$x"; break; done <<<2
unset PS3
select x in red green; do echo "$x"; break; done <<<2
