printf 'cat\ndog\nbird\n' > f
egrep 'cat|dog' f
egrep -c '(c|b)[a-z]+' f
