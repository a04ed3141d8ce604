printf 'x\ny\nx\n' > f; egrep -c x f; fgrep -vc x f
