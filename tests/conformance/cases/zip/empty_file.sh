: > e; touch -d '2024-01-02 03:04:05' e
zip -q t.zip e; unzip -l t.zip
mkdir x; unzip -q t.zip -d x; wc -c < x/e
