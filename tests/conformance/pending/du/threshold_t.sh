printf '%0100d' 0 > big; printf 'x' > small
du -b -t 50 big small; du -b -t -50 big small
