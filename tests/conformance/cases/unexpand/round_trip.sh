printf 'a       bb      ccc     d\n' > f
unexpand -a f | sed -n l
