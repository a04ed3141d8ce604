printf 'x\nz\n' > p; printf 'x\ny\nz\n' | fgrep -f p; printf '^x|z$\n' > q; printf 'x\ny\nz\n' | egrep -f q
