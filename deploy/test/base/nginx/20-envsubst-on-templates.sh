#!/bin/sh
# As the official image's: each /etc/nginx/templates/**/*.template, its variables matching NGINX_ENVSUBST_FILTER
# filled in, becomes the same path under /etc/nginx/conf.d without the suffix.
set -e
template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
filter="${NGINX_ENVSUBST_FILTER:-}"
defined_envs=$(printf '${%s} ' $(awk "END { for (name in ENVIRON) { print ( name ~ /${filter}/ ) ? name : \"\" } }" </dev/null))
[ -d "$template_dir" ] || exit 0
find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
  relative_path="${template#"$template_dir/"}"
  output_path="$output_dir/${relative_path%"$suffix"}"
  mkdir -p "$(dirname "$output_path")"
  echo "$0: $template -> $output_path"
  envsubst "$defined_envs" <"$template" >"$output_path"
done
