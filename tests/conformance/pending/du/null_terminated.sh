printf 'ab' > a
du -b -0 a | sed 's/\x0/<NUL>/g'; echo
