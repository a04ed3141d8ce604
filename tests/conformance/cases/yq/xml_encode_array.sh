# from mikefarah/yq docs: usage/xml "Encode xml: array"
printf 'pets:\n  cat:\n    - purrs\n    - meows\n' > sample.yml
yq -o=xml '.' sample.yml
