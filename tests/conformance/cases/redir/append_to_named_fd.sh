exec {a}>>ap.txt
echo first >&$a
echo second >&$a
exec {a}>&-
cat ap.txt
