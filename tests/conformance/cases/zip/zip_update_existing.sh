printf '1\n' > a; touch -d '2024-01-02 03:04:05' a
zip -q t.zip a
printf '22\n' > a; printf 'b\n' > b; touch -d '2024-01-02 03:04:05' a b
zip -q t.zip a b
unzip -l t.zip; unzip -p t.zip a
