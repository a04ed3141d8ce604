printf 'x y\nlonger z\n' > f
column -t f
