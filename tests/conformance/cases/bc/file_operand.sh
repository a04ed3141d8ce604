printf '1+1\n' > p.bc; bc p.bc; echo 'x=4' > q.bc; echo 'x*2' | bc q.bc
