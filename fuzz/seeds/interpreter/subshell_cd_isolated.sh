mkdir d
(cd d && touch inner)
touch outer
ls
echo ---
ls d
