env -i X=1 Y='a b' | sort
env -i 'E=' | od -An -c
