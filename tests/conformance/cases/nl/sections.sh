printf '\\:\\:\\:\nh1\n\\:\\:\nb1\nb2\n\\:\nf1\n' | nl -h a -f a | sed -n l
