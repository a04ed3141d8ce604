# Two process substitutions written together are one word: their paths
# joined, as bash joins them (`/dev/fd/63/dev/fd/62`).
set -- <(true)<(true)
echo "$#"
case $1 in /dev/fd/*/dev/fd/*) echo joined ;; *) echo "split: $1" ;; esac
words() { echo "$#"; }
words <(echo a)<(echo b) x<(true)y <(true)z<(true)
words <(:)<(:) <(:)
echo <(true)<(true)<(true) | wc -w
