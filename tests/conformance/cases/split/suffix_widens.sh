seq 1 700 | split -l 1; ls | sed -n '649,652p'
