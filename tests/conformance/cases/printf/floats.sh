printf '%5.2f|%.3f|%f\n' 3.14159 2 1.5
printf '%.0f %.1f\n' 2.5 0.25
