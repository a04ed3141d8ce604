mkdir 'my dir'; touch 'my dir/f g'
realpath --relative-to=. 'my dir/f g'
