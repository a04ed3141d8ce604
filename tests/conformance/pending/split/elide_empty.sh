printf 'ab' > in; split -n 4 -e in; rm in
ls; printf 'ab' > in; split -n 4 in; rm in; ls
