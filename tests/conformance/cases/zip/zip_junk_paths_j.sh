mkdir -p d/s; printf '1\n' > d/s/deep; touch -d '2024-01-02 03:04:05' d/s/deep
zip -qj t.zip d/s/deep
unzip -l t.zip
