printf '1\n' > a.txt; printf '2\n' > b.log; printf '3\n' > c.txt
zip -q t.zip a.txt b.log c.txt
mkdir x; unzip -q t.zip -x '*.log' -d x; ls x
mkdir y; unzip -q t.zip 'c*' -d y; ls y
