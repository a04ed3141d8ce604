printf 'X\na\nX\nb\n' > in
csplit -s -z in '/X/' '{*}'
ls xx*
