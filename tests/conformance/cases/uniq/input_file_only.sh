printf 'q\nq\n' > in
uniq -c in
