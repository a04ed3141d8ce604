printf 'abc' > 'a\b'; printf 'def' > 'new
line'
sha1sum 'a\b' 'new
line'
sha1sum --tag 'a\b'
sha1sum 'a\b' 'new
line' > sums; sha1sum -c sums; echo "status $?"
